/** A GET that gives up after `timeoutMs` and tries `retries` more times with a short, growing pause. */
export async function fetchWithRetry(
  url: string,
  { timeoutMs = 5_000, retries = 2 }: { timeoutMs?: number | undefined; retries?: number } = {},
): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: '*/*' } });
      if (response.ok) return response;
      lastError = new Error(`HTTP ${response.status}`);
      if (response.status < 500 && response.status !== 429) break;
    } catch (error) {
      lastError =
        error instanceof Error && error.name === 'TimeoutError' ? new Error(`no answer in ${timeoutMs} ms`) : error;
    }
    if (attempt < retries) await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
