import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRoles } from '../../../test/admin';
import { createTestApp, tempWebDist, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
let dist: string;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  dist = tempWebDist({});
  ctx = await createTestApp({ webDist: dist });
  roles = await consoleRoles(ctx);
});
afterAll(async () => {
  await ctx.close();
  rmSync(path.dirname(dist), { recursive: true, force: true });
});

/**
 * Who may do what (docs/decisions.md): operators run the day — tickets, directions, prices,
 * reserves, the site state, payouts, the outbox; these are the admin's alone.
 */
const ADMIN_ONLY = [
  'GET /api/admin/payout-settings',
  'PUT /api/admin/payout-settings/:code',
  'POST /api/admin/currencies',
  'PATCH /api/admin/currencies/:code',
  'POST /api/admin/directions',
  'PUT /api/admin/discount-bands',
  'GET /api/admin/users',
  'PATCH /api/admin/users/:id',
  'POST /api/admin/users/:id/reset-two-factor',
  'GET /api/admin/promo-codes',
  'POST /api/admin/promo-codes',
  'GET /api/admin/audit',
  'GET /api/admin/news',
  'POST /api/admin/news',
  'PUT /api/admin/news/:id',
  'DELETE /api/admin/news/:id',
  'GET /api/admin/pages',
  'PUT /api/admin/pages/:slug',
  'PUT /api/admin/pages/faq/items',
  'GET /api/admin/seo',
  'PUT /api/admin/seo/:give/:get',
  'DELETE /api/admin/seo/:give/:get',
  'POST /api/admin/preview',
  'PUT /api/admin/telegram/alerts',
  'GET /api/admin/desk-settings',
  'PUT /api/admin/desk-settings',
  'POST /api/admin/canned-replies',
  'PUT /api/admin/canned-replies/:id',
  'DELETE /api/admin/canned-replies/:id',
  'GET /api/admin/receipt-keys',
  'POST /api/admin/receipt-keys/rotate',
  'GET /api/admin/review-links',
  'PUT /api/admin/review-links',
  'PUT /api/admin/aml/settings',
];

/** A concrete URL for a route pattern: each parameter gets a well-formed value that names nothing. */
const fill = (url: string) =>
  url
    .replace(':action', 'markPaid')
    .replace(
      ':id',
      url.startsWith('/api/admin/tickets')
        ? 'aaaaaaaaaaaaaaaaaaaaaa'
        : url.startsWith('/api/admin/news')
          ? '999999'
          : '00000000-0000-4000-8000-000000000000',
    )
    .replace(':code', 'BTC')
    .replace(':give', 'SBERRUB')
    .replace(':get', 'BTC')
    .replace(':slug', 'about');

describe('who may use the operator console', () => {
  // Read from the route table: a route added tomorrow is checked without anyone listing it here.
  const adminRoutes = () => ctx.app.routeTable.filter((r) => r.url.startsWith('/api/admin'));

  it('answers every /api/admin route with 401 for visitors and 403 for users; operators and admins as their roles say', async () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(40);
    for (const route of adminRoutes()) {
      const request = (headers: Record<string, string>) =>
        ctx.app.inject({
          method: route.method as 'GET',
          url: fill(route.url),
          headers,
          payload: route.method === 'GET' ? undefined : {},
        });
      const label = `${route.method} ${route.url}`;
      const anonymous = await request({});
      expect(anonymous.statusCode, label).toBe(401);
      expect(anonymous.json(), label).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
      expect((await request(roles.user)).statusCode, label).toBe(403);
      const operatorStatus = (await request(roles.operator)).statusCode;
      if (ADMIN_ONLY.includes(label)) expect(operatorStatus, label).toBe(403);
      else expect([401, 403], label).not.toContain(operatorStatus);
      expect([401, 403], label).not.toContain((await request(roles.admin)).statusCode);
    }
  });

  it('names only routes that exist among the admin-only ones, so the list cannot go stale', () => {
    const labels = adminRoutes().map((r) => `${r.method} ${r.url}`);
    for (const label of ADMIN_ONLY) expect(labels, label).toContain(label);
  });

  it('refuses a blocked or logged-out operator', async () => {
    const res = await ctx.app.inject({ url: '/api/admin/tickets', headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the console pages', () => {
  it('stays out of the sitemap and is disallowed in robots.txt', async () => {
    const sitemap = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).toContain('<loc>http://localhost:8080/ru/about</loc>');
    expect(sitemap.body).not.toContain('/admin');
    const robots = (await ctx.app.inject({ url: '/robots.txt' })).body.split('\n');
    expect(robots).toContain('Disallow: /admin');
  });
});
