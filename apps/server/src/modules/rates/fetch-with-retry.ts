export interface RetryOptions {
  timeoutMs?: number | undefined;
  retries?: number | undefined;
  /** A POST's body (a JSON-RPC call); a GET without it. */
  json?: unknown;
  /** A form POST's fields (application/x-www-form-urlencoded), as AMLBot takes them. */
  form?: Record<string, string> | undefined;
  /** The longest a 429's Retry-After is waited for before the next attempt (longer: the call gives up). */
  maxRetryAfterMs?: number | undefined;
  /** How the pause between attempts is waited for; tests pass one that does not sleep. */
  pause?: ((ms: number) => Promise<void>) | undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A GET (or a JSON POST) that gives up after `timeoutMs` and tries `retries` more times with a short, growing pause. */
export async function fetchWithRetry(
  url: string,
  { timeoutMs = 5_000, retries = 2, json, form, maxRetryAfterMs = 10_000, pause = sleep }: RetryOptions = {},
): Promise<Response> {
  let lastError: unknown;
  const init: RequestInit =
    form !== undefined
      ? { method: 'POST', headers: { accept: 'application/json' }, body: new URLSearchParams(form) }
      : json === undefined
        ? { headers: { accept: '*/*' } }
        : {
            method: 'POST',
            headers: { accept: '*/*', 'content-type': 'application/json' },
            body: JSON.stringify(json),
          };
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    let wait = 250 * 2 ** attempt;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      if (response.ok) return response;
      lastError = new Error(`HTTP ${response.status}`);
      if (response.status < 500 && response.status !== 429) break;
      // A rate limit says when to come back: waited for if it is soon, else the call gives up now.
      const after = Number(response.headers.get('retry-after')) * 1000;
      if (response.status === 429 && after > 0) {
        if (after > maxRetryAfterMs) break;
        wait = Math.max(wait, after);
      }
    } catch (error) {
      lastError =
        error instanceof Error && error.name === 'TimeoutError' ? new Error(`no answer in ${timeoutMs} ms`) : error;
    }
    if (attempt < retries) await pause(wait);
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
