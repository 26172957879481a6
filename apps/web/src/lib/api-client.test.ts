import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ApiNetworkError, apiRequest, ApiTimeoutError, REQUEST_TIMEOUT_MS } from './api-client';
import { i18n, initI18n } from './i18n';
import { clearNotifications, getNotifications } from './notify';
import { reportError } from './report-error';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

/** A server that never answers: the request hangs until its signal gives up. */
const hang = (_: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

const told = () => getNotifications().map(({ status, message }) => `${status}: ${message}`);

beforeAll(async () => {
  await initI18n('ru');
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearNotifications();
  await i18n.changeLanguage('ru');
});

describe('the API client', () => {
  it('sends the page language as Accept-Language', async () => {
    fetchMock.mockResolvedValue(new Response('[]'));
    await i18n.changeLanguage('en');
    await apiRequest('/api/v1/news/');
    expect(new Headers(fetchMock.mock.calls[0]?.[1].headers).get('accept-language')).toBe('en');
  });

  it('gives up after 10 seconds and tells the user about the connection, in their language', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hang);
    const call = apiRequest('/api/v1/Exchange/get_range');
    const failed = expect(call).rejects.toBeInstanceOf(ApiTimeoutError);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(told()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    expect(told()).toEqual([`error: ${i18n.t('error.timeout')}`]);
    expect(told()[0]).toContain('Проблемы с интернет-соединением');

    // The same in English; a caller reporting the same failure adds no second card.
    await i18n.changeLanguage('en');
    clearNotifications();
    const again = apiRequest('/api/v1/Exchange/get_range').catch((error: unknown) => {
      reportError('get_range', error);
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await again;
    expect(told()).toEqual([
      'error: Internet connection problems: the server did not answer in time. Check your connection and try again',
    ]);
  });

  it('tells a failed connection as such, and stays quiet for a background call', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/v1/news/')).rejects.toBeInstanceOf(ApiNetworkError);
    expect(told()).toEqual([`error: ${i18n.t('connection.offline')}`]);
    clearNotifications();
    await expect(apiRequest('/api/v1/Ref/visit/1', { silent: true })).rejects.toBeInstanceOf(ApiNetworkError);
    expect(told()).toEqual([]);
  });

  it('leaves an answered error to its caller, whose report is the generic error', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await apiRequest('/api/v1/news/').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect(told()).toEqual([]);
    reportError('news', error);
    expect(told()).toEqual(['error: Произошла непредвиденная ошибка']);
  });

  it("passes on the server's own words for a busy service", async () => {
    const body = { error: { code: 'too_many_requests', message: 'Слишком много запросов. Попробуйте позже' } };
    fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status: 429 }));
    await apiRequest('/token', { form: { username: 'a' } }).catch((error: unknown) => reportError('login', error));
    expect(told()).toEqual(['error: Слишком много запросов. Попробуйте позже']);
  });

  it('says nothing when the caller itself cancelled', async () => {
    fetchMock.mockImplementation(hang);
    const controller = new AbortController();
    const call = apiRequest('/api/v1/news/', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toBeDefined();
    expect(told()).toEqual([]);
  });
});
