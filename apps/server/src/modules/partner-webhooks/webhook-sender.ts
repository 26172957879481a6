import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedAddress } from './webhook-address';

/** What came of one POST: the answer's status and the start of its body, or why there was none. */
export type WebhookResponse =
  { ok: true; statusCode: number; body: string; durationMs: number } | { ok: false; error: string; durationMs: number };

/** The one outside call of webhooks: a signed POST to a partner's endpoint. */
export interface WebhookSender {
  /** `timeoutMs`: shorter than the sender's own for a call someone waits on. */
  post(
    target: CheckedAddress,
    body: string,
    headers: Record<string, string>,
    timeoutMs?: number,
  ): Promise<WebhookResponse>;
}

/** How much of an answer's body is kept in the delivery log. */
export const RESPONSE_BODY_KEPT = 1000;

/**
 * The real client: node's http(s) with the connection pinned to the address the check approved
 * (a `lookup` that answers it), the host name still sent for TLS and `Host`; no redirects followed.
 */
export function createWebhookSender({ timeoutMs: defaultTimeoutMs }: { timeoutMs: number }): WebhookSender {
  return {
    post(target, body, headers, timeoutMs = defaultTimeoutMs) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const pinned: LookupFunction = (_host, options, callback) => {
        if (options.all) callback(null, [{ address: target.address, family: target.family }]);
        else callback(null, target.address, target.family);
      };
      const client = target.url.protocol === 'https:' ? https : http;
      return new Promise((resolve) => {
        const request = client.request(
          target.url,
          {
            method: 'POST',
            lookup: pinned,
            agent: false,
            timeout: timeoutMs,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'user-agent': 'Obmen-Webhooks/1',
              ...headers,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            let kept = 0;
            response.on('data', (chunk: Buffer) => {
              if (kept < RESPONSE_BODY_KEPT) chunks.push(chunk);
              kept += chunk.length;
            });
            response.on('end', () =>
              resolve({
                ok: true,
                statusCode: response.statusCode ?? 0,
                body: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_KEPT),
                durationMs: elapsed(),
              }),
            );
            response.on('error', (error) => resolve({ ok: false, error: error.message, durationMs: elapsed() }));
          },
        );
        // One deadline for the whole exchange, not only for idle sockets.
        const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
        request.on('error', (error) => resolve({ ok: false, error: error.message, durationMs: elapsed() }));
        request.on('close', () => clearTimeout(deadline));
        request.end(body);
      });
    },
  };
}
