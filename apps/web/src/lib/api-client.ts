import type { ErrorResponse, ParameterErrors } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { i18n } from './i18n';
import { notify } from './notify';

/** Every call gives up after 10 seconds (spec §7, §9). */
export const REQUEST_TIMEOUT_MS = 10_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = 'ApiError';
  }

  get parameterErrors(): ParameterErrors | null {
    const body = this.body as { parameterErrors?: ParameterErrors } | null;
    return body?.parameterErrors ?? null;
  }

  get errorMessage(): string | null {
    return (this.body as ErrorResponse | null)?.error?.message ?? null;
  }
}

/** The call did not answer in time: the user is told to check their connection (spec §8). */
export class ApiTimeoutError extends Error {
  override name = 'ApiTimeoutError';
}

/** The call never reached the server (offline, DNS, connection refused): a connection problem too. */
export class ApiNetworkError extends Error {
  override name = 'ApiNetworkError';
}

/** The words a connection failure is told with, or null for a failure of another kind. */
export function connectionMessageKey(error: unknown): string | null {
  if (error instanceof ApiTimeoutError) return 'error.timeout';
  if (error instanceof ApiNetworkError) return 'connection.offline';
  return null;
}

type TokenGetter = () => string | null;
type UnauthorizedHandler = (token: string) => void;

let accessToken: TokenGetter = () => null;
let onUnauthorized: UnauthorizedHandler = () => {};

/** Where logged-in requests find the access token they carry as `Authorization: Bearer` (spec §6). */
export function setAccessTokenGetter(getter: TokenGetter): void {
  accessToken = getter;
}

/** Called when the server refuses a token a request carried, so the session can end. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

// Leaving or reloading the page cancels its running calls; that is no connection problem to report.
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => (leavingPage = true));
  window.addEventListener('pagehide', () => (leavingPage = true));
  window.addEventListener('pageshow', () => (leavingPage = false));
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Sent as application/x-www-form-urlencoded (the spec's "POST form" calls). */
  form?: Query;
  json?: unknown;
  signal?: AbortSignal;
  /** The language of the answer; the page's current language when not given. */
  lang?: Lang;
  /** A background call whose failure the user need not hear about (no connection notification). */
  silent?: boolean;
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value != null) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': options.lang ?? (i18n.language || 'ru'),
  };
  const token = accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    body = new URLSearchParams(Object.entries(options.form).flatMap(([k, v]) => (v == null ? [] : [[k, String(v)]])));
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException('The call timed out', 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  let text: string;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal,
    });
    // Inside the timeout too: a body that trickles in counts against the same 10 seconds.
    text = await response.text();
  } catch (error) {
    // The caller gave up (a newer search, a page left): not a failure worth telling anyone.
    if (options.signal?.aborted) throw error;
    const failure = timeout.signal.aborted
      ? new ApiTimeoutError(`${path} did not answer in ${REQUEST_TIMEOUT_MS} ms`)
      : new ApiNetworkError(`${path} could not be reached`, { cause: error });
    // Every timeout is told the same way wherever it happens (spec §8); a repeat replaces the last.
    if (!options.silent && !leavingPage) {
      notify({ status: 'error', message: i18n.t(connectionMessageKey(failure) ?? 'error.timeout') });
    }
    throw failure;
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 401 && token) onUnauthorized(token);
  if (response.status === 204) return undefined as T;
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page, say: the status still tells what happened.
    if (response.ok) throw new ApiError(response.status, null);
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data as T;
}
