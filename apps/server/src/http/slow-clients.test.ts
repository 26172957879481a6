import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { CLIENT_TIMEOUTS } from '../app';

// The product's timeouts scaled down (25 s / 5 s / 30 s in production): the same rule, in a test's time.
const TIMEOUTS = { requestMs: 400, checkEveryMs: 100, idleMs: 1_500 };

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp({ clientTimeouts: TIMEOUTS });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

/**
 * A client on loopback that sends `head` at once, then `trickle` one byte every `everyMs`, until
 * the server closes the connection: what it answered, how long it took, how much was sent.
 */
function slowClient(head: string, trickle: string, everyMs: number) {
  return new Promise<{ answer: string; ms: number; sent: number }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, ms: performance.now() - started, sent });
    });
    socket.write(head, () => {
      timer = setInterval(() => {
        if (sent < trickle.length && !socket.destroyed) socket.write(trickle[sent++]!);
      }, everyMs);
    });
  });
}

describe('a slow client', () => {
  it('is cut off with 408 when its body trickles in, long before the body is complete', async () => {
    const body = JSON.stringify({ giveName: 'BTC', getName: 'SBERRUB', sum: '0.1', direction: 'sell' }).padEnd(200);
    const head = [
      'POST /api/v1/Exchange/calculate HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      '',
      '',
    ].join('\r\n');
    // A byte every 50 ms keeps the connection busy: only the whole request's deadline stops it.
    const { answer, ms, sent } = await slowClient(head, body, 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(body.length);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(ms).toBeLessThan(TIMEOUTS.requestMs + TIMEOUTS.checkEveryMs + 500);
  });

  it('is cut off when its request head never ends', async () => {
    const { answer, ms } = await slowClient('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1'.repeat(50), 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(TIMEOUTS.requestMs + TIMEOUTS.checkEveryMs + 500);
  });

  it('in production, is cut off within 30 s', () => {
    expect(CLIENT_TIMEOUTS.requestMs + CLIENT_TIMEOUTS.checkEveryMs).toBeLessThanOrEqual(30_000);
  });

  it('leaves requests that come at once alone', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/Exchange/get_currencies/give`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
  });
});
