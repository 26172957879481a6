import type { SessionUser, UserInfo } from '@obmen/shared/contracts';
import { setAccessTokenGetter, setUnauthorizedHandler } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { reportError } from '../../lib/report-error';
import { checkTokenQueryOptions } from './api/check-token';
import { userInfoQueryOptions } from './api/get-user-info';
import { authKeys } from './api/query-keys';

/** Where the access token survives a reload (spec §3: the user's access_token is persisted). */
export const TOKEN_STORAGE_KEY = 'access_token';

export type SessionProfile = Omit<SessionUser, 'access_token'>;

export interface SessionState {
  token: string | null;
  /** Who is logged in: from the login reply, then from the info call. */
  user: SessionProfile | null;
  info: UserInfo | null;
  /** True while a register or login call runs (spec §4). */
  loading: boolean;
}

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Blocked storage: the session lasts as long as the tab, which is still a working session.
  }
}

let state: SessionState = { token: readToken(), user: null, info: null, loading: false };
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isLoggedIn(): boolean {
  return state.token !== null;
}

export function startLoading(): void {
  setState({ loading: true });
}

export function finishLoading(): void {
  setState({ loading: false });
}

/** Stores the token of a login, a registration or a password change, then loads the user's info. */
export function startSession({ access_token: token, ...user }: SessionUser): void {
  writeToken(token);
  const info = state.info?.username === user.username ? state.info : null;
  setState({ token, user, info });
  void loadUserInfo();
}

/** Forgets the session here: token, user and info (spec §4). */
export function endSession(): void {
  writeToken(null);
  queryClient.removeQueries({ queryKey: authKeys.all });
  if (state.token !== null || state.user !== null || state.info !== null) {
    setState({ token: null, user: null, info: null });
  }
}

// Leaving or reloading the page cancels its running calls; that failure says nothing about the
// session and must not end it (it would log the user out on every reload during a check).
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => (leavingPage = true));
  window.addEventListener('pagehide', () => (leavingPage = true));
  window.addEventListener('pageshow', () => (leavingPage = false));
}

/** Loads the logged-in user's info; a failure is logged, told and ends the session (spec §8). */
export async function loadUserInfo(): Promise<void> {
  const token = state.token;
  if (!token) return;
  try {
    const info = await queryClient.fetchQuery(userInfoQueryOptions(token));
    if (state.token !== token) return;
    if (!info) throw new Error('empty reply to the user info call');
    const { username, email, lang, role } = info;
    setState({ info, user: { username, email, lang, role } });
  } catch (error) {
    if (state.token !== token || leavingPage) return;
    if (isUnauthorized(error)) return endSession();
    reportError('loading the user info failed', error);
    endSession();
  }
}

function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
}

let checking: Promise<void> | null = null;

/**
 * Asks the server whether the stored token still holds; called on every navigation without
 * holding it up. One check at a time: a navigation during a check shares the running one.
 */
export function verifySession(): Promise<void> {
  checking ??= runCheck().finally(() => {
    checking = null;
  });
  return checking;
}

async function runCheck(): Promise<void> {
  const token = state.token;
  if (!token) return endSession();
  try {
    const reply = await queryClient.fetchQuery(checkTokenQueryOptions(token));
    // A login, logout or password change meanwhile made this answer about a token no longer used.
    if (state.token !== token) return;
    if (!reply) {
      reportError('the token check gave an empty reply', new Error('empty reply'));
      return endSession();
    }
    if (!state.info) await loadUserInfo();
  } catch (error) {
    if (state.token !== token || leavingPage) return;
    // An expired or revoked token is an ordinary end of a session, not an error to report.
    if (isUnauthorized(error)) return endSession();
    reportError('the token check failed', error);
    endSession();
  }
}

setAccessTokenGetter(() => state.token);
// Any call refused for the token in use ends the session; a refusal of an older token does not.
setUnauthorizedHandler((token) => {
  if (token === state.token) endSession();
});

// Another tab logged in or out: follow it, so two tabs never disagree about who is logged in.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
    const token = readToken();
    if (token === state.token) return;
    if (!token) return endSession();
    setState({ token, user: null, info: null });
    void loadUserInfo();
  });
}
