import { bodyOf, startFakeApi } from './fake-api';

/*
 * A partner's webhook receiver for tests (issue 47): a real HTTP server on 127.0.0.1 that keeps
 * every POST as it came (the raw body, the Obmen-Signature header) and answers with the status the
 * test set: 200 by default, 500 to play a broken endpoint, `hang` to never answer.
 */

export interface ReceivedWebhook {
  path: string;
  /** The body byte for byte: a signature is checked over it, never over re-serialised JSON. */
  rawBody: string;
  signature: string;
  eventId: string;
  type: string;
  at: number;
}

export interface FakePartnerEndpoint {
  /** http://127.0.0.1:port/hooks */
  url: string;
  received: ReceivedWebhook[];
  /** What the next POSTs are answered with. */
  answer(status: number | 'hang'): void;
  close(): void;
}

export async function startFakePartnerEndpoint(): Promise<FakePartnerEndpoint> {
  const received: ReceivedWebhook[] = [];
  let status: number | 'hang' = 200;
  const api = await startFakeApi(async (req, res) => {
    const rawBody = await bodyOf(req);
    const parsed = JSON.parse(rawBody) as { id: string; type: string };
    received.push({
      path: req.url ?? '',
      rawBody,
      signature: String(req.headers['obmen-signature'] ?? ''),
      eventId: parsed.id,
      type: parsed.type,
      at: Date.now(),
    });
    if (status === 'hang') return;
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : `broken ${'x'.repeat(2000)}`);
  });
  return {
    url: `${api.base}/hooks`,
    received,
    answer(next) {
      status = next;
    },
    close: () => api.close(),
  };
}
