import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { dataHeadersOf, securityHeadersOf } from './security-headers';

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

  it('go out with API answers and errors: the short set for data', async () => {
    for (const url of ['/healthz', '/api/v1/Exchange/get_currencies/sideways', '/api/nowhere']) {
      const res = await ctx.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // Sent within the site only (a login opened before the app started returns to its page).
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('give pages helmet’s whole set, and leave the API docs their own policy', async () => {
    const docs = await ctx.app.inject({ url: '/api/docs' });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(docs.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(docs.headers['x-frame-options']).toBe('DENY');
  });

  it('keep HSTS in the data set when the site is served over https', () => {
    const data = dataHeadersOf(securityHeadersOf({}));
    expect(data['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(Object.keys(data)).toHaveLength(6);
  });
});
