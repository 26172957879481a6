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

/**
 * How calls reach the API: the browser's fetch, or, while the server renders a page, its own
 * router (the server sets this once at start, so a page's first data goes through the same routes).
 */
export type Transport = (url: string, init: RequestInit) => Promise<Answer>;

/** What the app reads of an answer: fetch's Response, or the server's own for a page it draws. */
export interface Answer {
  status: number;
  ok: boolean;
  text(): Promise<string>;
  json(): Promise<unknown>;
}
let transport: Transport = (url, init) => fetch(url, init);

export function setTransport(next: Transport): void {
  transport = next;
}

/** A call through the current transport (the site status reads its 503's body itself). */
export const send: Transport = (url, init) => transport(url, init);

type TokenGetter = () => string | null;
type UnauthorizedHandler = (token: string) => void;

let accessToken: TokenGetter = () => null;
let onUnauthorized: UnauthorizedHandler = () => {};

/** Where logged-in requests find the access token they carry as `Authorization: Bearer` (spec §6). */
export function setAccessTokenGetter(getter: TokenGetter): void {
  accessToken = getter;
}

/** Whether calls go out as a signed-in user (their answers may differ from a visitor's). */
export function signedIn(): boolean {
  return accessToken() !== null;
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
  /** Extra request headers, such as an `Idempotency-Key`. */
  headers?: Record<string, string>;
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value != null) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function baseHeaders(lang: Lang | undefined, token: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': lang ?? (i18n.language || 'ru'),
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page is no API answer; the status still tells what happened.
    return null;
  }
}

/** A GET as a query describes it. */
export interface GetCall {
  path: string;
  query?: Query;
  lang?: Lang;
}

/** The GET a query describes, asked of the server. */
export function apiGet<T>({ path, ...options }: GetCall, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(path, { ...options, ...(signal && { signal }) });
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = accessToken();
  const headers = { ...baseHeaders(options.lang, token), ...options.headers };
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
  let response: Answer;
  let text: string;
  try {
    response = await send(withQuery(path, options.query), {
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
  const data = parseBody(text);
  if (!response.ok) throw new ApiError(response.status, data);
  // A success that is not JSON (a proxy's page, say) is no answer the app can use.
  if (data === null && text.trim() !== 'null' && text !== '') throw new ApiError(response.status, null);
  return data as T;
}

/**
 * A file the server makes for the signed-in user (the partner's CSV report): its text as it came,
 * not JSON; a refusal is an ApiError as any other call's.
 */
export async function apiFile(path: string, query?: Query): Promise<string> {
  const response = await send(withQuery(path, query), {
    method: 'GET',
    headers: { ...baseHeaders(undefined, accessToken()), accept: '*/*' },
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, parseBody(text));
  return text;
}

export interface UploadOptions {
  query?: Query;
  lang?: Lang;
  signal?: AbortSignal;
  /** Called as the bytes go out: the share sent so far, 0…1. */
  onProgress?: (share: number) => void;
}

/** A sending that stopped moving for this long has failed, however large the file. */
const UPLOAD_STALL_MS = 30_000;

/**
 * POSTs multipart form data with upload progress (fetch cannot report it). The 10-second limit
 * applies to the server's answer once every byte is out; while bytes flow, only a stall fails it.
 */
export function apiUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const token = accessToken();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, ms);
    };
    const abort = () => xhr.abort();
    const finish = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    };
    xhr.open('POST', withQuery(path, options.query));
    for (const [name, value] of Object.entries(baseHeaders(options.lang, token))) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      arm(UPLOAD_STALL_MS);
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    });
    xhr.upload.addEventListener('load', () => {
      options.onProgress?.(1);
      arm(REQUEST_TIMEOUT_MS);
    });
    xhr.addEventListener('load', () => {
      finish();
      if (xhr.status === 401 && token) onUnauthorized(token);
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(new ApiError(xhr.status, data));
    });
    xhr.addEventListener('error', () => {
      finish();
      reject(new TypeError('upload failed'));
    });
    xhr.addEventListener('abort', () => {
      finish();
      reject(timedOut ? new ApiTimeoutError('timeout') : new DOMException('aborted', 'AbortError'));
    });
    options.signal?.addEventListener('abort', abort, { once: true });
    arm(UPLOAD_STALL_MS);
    xhr.send(form);
  });
}
