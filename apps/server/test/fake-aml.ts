import { createHash, randomUUID } from 'node:crypto';
import { bodyOf, sendJson, startFakeApi } from './fake-api';

/*
 * AMLBot's API for tests (issue 48, docs/aml.md): a real HTTP server on 127.0.0.1 that takes the
 * form POSTs as AMLBot does, checks each call's token = md5(value:accessKey:accessId), and answers
 * in its format ({ result, data: { riskscore 0…1, signals, uid, status } }). A test sets each
 * subject's score, makes a check pending for some polls, or plays the service down (5xx, 429, hang).
 */

export const AML_ACCESS_ID = 'TEST-ACCESS-ID';
export const AML_ACCESS_KEY = 'test-access-key';

export interface AmlCall {
  path: string;
  form: Record<string, string>;
}

export interface FakeAml {
  /** http://127.0.0.1:port */
  url: string;
  calls: AmlCall[];
  /** The risk 0-100 of an address or a transaction id; anything not set scores 10. */
  score(subject: string, score: number): void;
  /** The next `polls` answers about `subject` are "pending" (the first one and its rechecks). */
  pendingFor(subject: string, polls: number): void;
  /** How every call is answered until set back to 'ok': a 500, a 429 with Retry-After (seconds), or never. */
  mode(next: 'ok' | 500 | 'hang' | { status: 429; retryAfter: number }): void;
  close(): void;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export async function startFakeAml(): Promise<FakeAml> {
  const scores = new Map<string, number>();
  const pending = new Map<string, number>();
  const uids = new Map<string, string>();
  const calls: AmlCall[] = [];
  let mode: Parameters<FakeAml['mode']>[0] = 'ok';
  const fake: Omit<FakeAml, 'url' | 'close'> = {
    calls,
    score: (subject, score) => void scores.set(subject, score),
    pendingFor: (subject, polls) => void pending.set(subject, polls),
    mode: (next) => void (mode = next),
  };

  const answer = (subject: string, uid: string) => {
    const left = pending.get(subject) ?? 0;
    if (left > 0) {
      pending.set(subject, left - 1);
      return { result: true, data: { uid, status: 'pending', riskscore: null, signals: null } };
    }
    const score = scores.get(subject) ?? 10;
    return {
      result: true,
      data: {
        uid,
        status: 'success',
        riskscore: score / 100,
        signals: score >= 50 ? { mixer: 0.6, dark_market: 0.2, exchange: 0.2 } : { exchange: 0.9, wallet: 0.1 },
        hash: subject,
      },
    };
  };

  const api = await startFakeApi(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await bodyOf(req)));
    const path = (req.url ?? '/').split('?')[0]!;
    calls.push({ path, form });
    if (mode === 'hang') return;
    if (mode === 500) return void res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    if (typeof mode === 'object') {
      return void res
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': String(mode.retryAfter) })
        .end(JSON.stringify({ result: false, description: 'Too many requests' }));
    }
    const value = path === '/recheck' ? form.uid : form.hash;
    if (
      !value ||
      form.accessId !== AML_ACCESS_ID ||
      form.token !== md5(`${value}:${AML_ACCESS_KEY}:${AML_ACCESS_ID}`)
    ) {
      return sendJson(res, { result: false, description: 'Invalid token' });
    }
    if (path === '/recheck') {
      const subject = [...uids].find(([, uid]) => uid === value)?.[0];
      if (!subject) return sendJson(res, { result: false, description: 'Unknown uid' });
      return sendJson(res, answer(subject, value));
    }
    const uid = uids.get(value) ?? randomUUID().replaceAll('-', '');
    uids.set(value, uid);
    return sendJson(res, answer(value, uid));
  });

  return { ...fake, url: api.base, close: () => api.close() };
}
