import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type FetchArgs = [input: string, init: RequestInit];
type Reply = { status: number; body?: unknown };

const INFO = {
  username: 'anna_k',
  email: 'anna@example.com',
  lang: 'ru',
  role: 'user',
  refId: 7,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function respond({ status, body }: Reply): Response {
  const text = body === undefined ? null : JSON.stringify(body);
  return new Response(status === 204 ? null : text, { status });
}

/** A fetch that answers by path; a reply may be a promise, to hold a call open. */
function stubServer(replies: Record<string, Reply | Promise<Reply>>) {
  const fetchMock = vi.fn(async (...[input]: FetchArgs) => {
    const path = String(input).split('?')[0] ?? '';
    const reply = replies[path];
    if (!reply) throw new Error(`unexpected call ${path}`);
    return respond(await reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (path: string) => fetchMock.mock.calls.filter(([input]) => String(input).startsWith(path));
  return { fetchMock, calls };
}

/** A fresh page load: the modules start over with what localStorage holds. */
async function loadApp() {
  vi.resetModules();
  const { initI18n } = await import('../../lib/i18n');
  await initI18n('ru');
  const session = await import('./session');
  const notifications = await import('../../lib/notify');
  return { ...session, ...notifications };
}

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.clear();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  consoleError.mockRestore();
});

describe('the session', () => {
  it('without a stored token asks nothing and stays anonymous', async () => {
    const { calls } = stubServer({});
    const app = await loadApp();
    await app.verifySession();
    expect(app.getSession().token).toBeNull();
    expect(calls('/')).toHaveLength(0);
  });

  it('checks a stored token, then loads the user info with the Bearer token', async () => {
    localStorage.setItem('access_token', 't1');
    const { calls } = stubServer({
      '/checktoken': { status: 200, body: INFO },
      '/api/v1/User/info': { status: 200, body: INFO },
    });
    const app = await loadApp();
    await app.verifySession();
    expect(String(calls('/checktoken')[0]?.[0])).toBe('/checktoken?token=t1');
    const [, init] = calls('/api/v1/User/info')[0] ?? [];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer t1');
    expect(app.getSession()).toMatchObject({ token: 't1', user: { username: 'anna_k' }, info: INFO });
  });

  it('is cleared when the check answers 401 with an empty body: token, user and info gone', async () => {
    localStorage.setItem('access_token', 'expired');
    stubServer({ '/checktoken': { status: 401 } });
    const app = await loadApp();
    await app.verifySession();
    expect(app.getSession()).toMatchObject({ token: null, user: null, info: null });
    expect(localStorage.getItem('access_token')).toBeNull();
    // A session that simply ran out is no error to shout about.
    expect(app.getNotifications()).toEqual([]);
  });

  it('is cleared, logged and the generic error shown when the check answers 200 with nothing', async () => {
    localStorage.setItem('access_token', 't1');
    stubServer({ '/checktoken': { status: 200 } });
    const app = await loadApp();
    await app.verifySession();
    expect(app.getSession().token).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(app.getNotifications().map((n) => [n.status, n.message])).toEqual([
      ['error', 'Произошла непредвиденная ошибка'],
    ]);
    expect(consoleError).toHaveBeenCalled();
  });

  it('is cleared with the generic error when the info call fails', async () => {
    localStorage.setItem('access_token', 't1');
    stubServer({
      '/checktoken': { status: 200, body: INFO },
      '/api/v1/User/info': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    });
    const app = await loadApp();
    await app.verifySession();
    expect(app.getSession().token).toBeNull();
    expect(app.getNotifications().map((n) => n.message)).toEqual(['Произошла непредвиденная ошибка']);
    expect(consoleError).toHaveBeenCalled();
  });

  it('runs one check at a time: navigations during a check share it', async () => {
    localStorage.setItem('access_token', 't1');
    let answer: (reply: Reply) => void = () => {};
    const pending = new Promise<Reply>((resolve) => (answer = resolve));
    const { calls } = stubServer({ '/checktoken': pending, '/api/v1/User/info': { status: 200, body: INFO } });
    const app = await loadApp();
    const checks = [app.verifySession(), app.verifySession(), app.verifySession()];
    expect(calls('/checktoken')).toHaveLength(1);
    answer({ status: 200, body: INFO });
    await Promise.all(checks);
    expect(app.getSession().token).toBe('t1');

    // Once it is over, the next navigation asks again.
    await app.verifySession();
    expect(calls('/checktoken')).toHaveLength(2);
  });

  it('ignores a refusal of a token that a login replaced meanwhile', async () => {
    localStorage.setItem('access_token', 'old');
    let answer: (reply: Reply) => void = () => {};
    const pending = new Promise<Reply>((resolve) => (answer = resolve));
    stubServer({ '/checktoken': pending, '/api/v1/User/info': { status: 200, body: INFO } });
    const app = await loadApp();
    const check = app.verifySession();
    app.startSession({ access_token: 'new', username: 'anna_k', email: INFO.email, lang: 'ru', role: 'user' });
    answer({ status: 401 });
    await check;
    expect(app.getSession().token).toBe('new');
    expect(localStorage.getItem('access_token')).toBe('new');
  });

  it('ends on logout, and keeps a new token after a password change', async () => {
    stubServer({ '/api/v1/User/info': { status: 200, body: INFO } });
    const app = await loadApp();
    app.startSession({ access_token: 'first', username: 'anna_k', email: INFO.email, lang: 'ru', role: 'user' });
    app.startSession({ access_token: 'second', username: 'anna_k', email: INFO.email, lang: 'ru', role: 'user' });
    expect(localStorage.getItem('access_token')).toBe('second');
    app.endSession();
    expect(app.getSession()).toMatchObject({ token: null, user: null, info: null });
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
