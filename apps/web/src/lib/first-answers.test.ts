import { FIRST_ANSWERS_ID, firstAnswerKey } from '@obmen/shared/first-answers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { resetFirstAnswers, takeFirstAnswer } from './first-answers';
import { initI18n } from './i18n';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const RANGE = { giveName: 'SBERRUB', getName: 'BTC', useFixedDirection: false };

/** A page as the server sends it: the answers in a JSON script of the body. */
function pageCarrying(answers: Record<string, unknown>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_ANSWERS_ID;
  script.textContent = JSON.stringify(answers);
  document.body.append(script);
  resetFirstAnswers();
}

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
  document.body.innerHTML = '';
  resetFirstAnswers();
});

describe("a page's first answers", () => {
  it('answer the first matching GET without a call, once; the next one asks the server', async () => {
    pageCarrying({
      [firstAnswerKey('ru', '/api/v1/Exchange/get_range', RANGE)]: { minSum: '3000.00', maxSum: '1500000.00' },
    });
    // The query in another order is the same call.
    const query = { useFixedDirection: false, getName: 'BTC', giveName: 'SBERRUB' };
    expect(await apiRequest('/api/v1/Exchange/get_range', { query })).toEqual({
      minSum: '3000.00',
      maxSum: '1500000.00',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await apiRequest('/api/v1/Exchange/get_range', { query })).toBe('from the server');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Read once: the script is gone from the page.
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
  });

  it('answer only the language, path and query they were made for, and only GETs', async () => {
    pageCarrying({
      [firstAnswerKey('ru', '/api/v1/Exchange/get_currencies/give')]: ['ru list'],
      [firstAnswerKey('ru', '/api/v1/Exchange/calculate')]: 'never for a POST',
    });
    expect(await apiRequest('/api/v1/Exchange/get_currencies/give', { lang: 'en' })).toBe('from the server');
    expect(await apiRequest('/api/v1/Exchange/get_currencies/get')).toBe('from the server');
    expect(await apiRequest('/api/v1/Exchange/calculate', { json: { sum: '1' } })).toBe('from the server');
    expect(await apiRequest('/api/v1/Exchange/get_currencies/give')).toEqual(['ru list']);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('stand only for the first moments of the page', async () => {
    vi.useFakeTimers();
    pageCarrying({ [firstAnswerKey('ru', '/api/v1/Exchange/get_reserve/BTC')]: { reserveAmount: '1' } });
    expect(takeFirstAnswer('ru', '/api/v1/Exchange/get_currencies/give')).toBeUndefined(); // read now
    vi.advanceTimersByTime(31_000);
    expect(takeFirstAnswer('ru', '/api/v1/Exchange/get_reserve/BTC')).toBeUndefined();
  });

  it('are no answers at all when the page has none or they do not parse', async () => {
    expect(await apiRequest('/api/v1/Exchange/get_currencies/give')).toBe('from the server');
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = FIRST_ANSWERS_ID;
    script.textContent = '{not json';
    document.body.append(script);
    resetFirstAnswers();
    expect(takeFirstAnswer('ru', '/api/v1/Exchange/get_currencies/give')).toBeUndefined();
  });
});
