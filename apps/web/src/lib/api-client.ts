import type { ErrorResponse, ParameterErrors } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { i18n } from './i18n';

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
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiTimeoutError('timeout');
    throw error;
  }
  if (response.status === 401 && token) onUnauthorized(token);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(response.status, data);
  return data as T;
}
