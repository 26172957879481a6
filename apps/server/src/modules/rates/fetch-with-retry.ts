export interface RetryOptions {
  timeoutMs?: number | undefined;
  retries?: number | undefined;
  /** A POST's body (a JSON-RPC call); a GET without it. */
  json?: unknown;
  /** How the pause between attempts is waited for; tests pass one that does not sleep. */
  pause?: ((ms: number) => Promise<void>) | undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A GET (or a JSON POST) that gives up after `timeoutMs` and tries `retries` more times with a short, growing pause. */
export async function fetchWithRetry(
  url: string,
  { timeoutMs = 5_000, retries = 2, json, pause = sleep }: RetryOptions = {},
): Promise<Response> {
  let lastError: unknown;
  const init: RequestInit =
    json === undefined
      ? { headers: { accept: '*/*' } }
      : { method: 'POST', headers: { accept: '*/*', 'content-type': 'application/json' }, body: JSON.stringify(json) };
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      if (response.ok) return response;
      lastError = new Error(`HTTP ${response.status}`);
      if (response.status < 500 && response.status !== 429) break;
    } catch (error) {
      lastError =
        error instanceof Error && error.name === 'TimeoutError' ? new Error(`no answer in ${timeoutMs} ms`) : error;
    }
    if (attempt < retries) await pause(250 * 2 ** attempt);
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
