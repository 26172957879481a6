import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { securityHeadersOf } from './security-headers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe('security headers', () => {
  it('are worked out once from helmet’s options, HSTS only when asked for', () => {
    const plain = securityHeadersOf({ hsts: false });
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['x-content-type-options']).toBe('nosniff');
    expect(securityHeadersOf({})['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('go out with API answers, errors and pages alike', async () => {
    for (const url of ['/healthz', '/api/v1/Exchange/get_currencies/sideways', '/api/nowhere']) {
      const res = await ctx.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});
