import { FIRST_ANSWERS_ID } from '@obmen/shared/first-answers';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetFirstAnswers } from './first-answers';
import { initI18n } from './i18n';

/** For tests: a page as the server sends it, its first answers in a JSON script of the body. */
export function pageCarrying(answers: Record<string, unknown>): void {
  document.getElementById(FIRST_ANSWERS_ID)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_ANSWERS_ID;
  script.textContent = JSON.stringify(answers);
  document.body.append(script);
  resetFirstAnswers();
}

/**
 * For tests of what the page's answers spare: a Russian page whose every call reaches a mock
 * server answering "from the server", and nothing carried over from one test to the next.
 */
export function withServerMock(cleanUp: () => void = () => {}) {
  const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
  beforeAll(async () => {
    await initI18n('ru');
  });
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => new Response('"from the server"'));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    cleanUp();
    document.body.innerHTML = '';
    resetFirstAnswers();
  });
  return fetchMock;
}
