import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from './i18n';
import {
  getSiteStatus,
  knownSiteStatus,
  resetSiteStatus,
  SITE_STATUS_POLL_MS,
  startSiteStatusPolling,
} from './site-status';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const paused = (lang: string) =>
  new Response(JSON.stringify({ header: `header ${lang}`, text: `text ${lang}` }), { status: 503 });

let stop: () => void = () => {};

beforeAll(async () => {
  await initI18n('ru');
});

beforeEach(() => {
  vi.useFakeTimers();
  resetSiteStatus();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
});

const languages = () => fetchMock.mock.calls.map(([, init]) => new Headers(init.headers).get('accept-language'));

describe('the site status', () => {
  it('is asked at start and every 30 seconds; only 204 opens conversion', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    fetchMock.mockResolvedValueOnce(paused('ru'));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stop = startSiteStatusPolling();
    expect(getSiteStatus().known).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(getSiteStatus()).toEqual({ convertEnabled: true, notice: null, known: true });

    await vi.advanceTimersByTimeAsync(SITE_STATUS_POLL_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getSiteStatus()).toEqual({
      convertEnabled: false,
      notice: { header: 'header ru', text: 'text ru' },
      known: true,
    });

    // A failed call closes conversion too, keeping the last notice to show.
    await vi.advanceTimersByTimeAsync(SITE_STATUS_POLL_MS);
    expect(getSiteStatus().convertEnabled).toBe(false);
    expect(getSiteStatus().notice?.header).toBe('header ru');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('is asked again in the new language when the language changes', async () => {
    fetchMock.mockImplementation(async (_, init) => paused(new Headers(init.headers).get('accept-language') ?? ''));
    stop = startSiteStatusPolling();
    await vi.advanceTimersByTimeAsync(0);
    await i18n.changeLanguage('en');
    await vi.advanceTimersByTimeAsync(0);
    expect(languages()).toEqual(['ru', 'en']);
    expect(getSiteStatus().notice).toEqual({ header: 'header en', text: 'text en' });
  });

  it('keeps only the newest answer when an older one arrives late', async () => {
    let answerFirst: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    stop = startSiteStatusPolling();
    const known = knownSiteStatus();
    await vi.advanceTimersByTimeAsync(SITE_STATUS_POLL_MS);
    expect((await known).convertEnabled).toBe(true);
    answerFirst(paused('ru'));
    await vi.advanceTimersByTimeAsync(0);
    expect(getSiteStatus().convertEnabled).toBe(true);
  });

  it('lets a guard wait for the first answer', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const known = knownSiteStatus();
    let settled = false;
    void known.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled).toBe(false);
    answer(paused('ru'));
    expect((await known).convertEnabled).toBe(false);
    // Known now: answered at once, without another call.
    expect((await knownSiteStatus()).known).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
