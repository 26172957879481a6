import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser } from '../../../test/users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe('GET /api/v1/SiteState', () => {
  it('answers 204 while exchanges are open', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/SiteState' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with the notice in the request language while an operator pauses exchanges', async () => {
    const operator = await createUser(ctx, 'operator');
    const paused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/site-state',
      headers: operator.headers,
      payload: {
        convertEnabled: false,
        textRu: 'Обновляем резервы, вернёмся через 15 минут',
        textEn: 'Updating reserves, back in 15 minutes',
      },
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ convertEnabled: false, headerRu: 'Технический перерыв' });

    const ru = await ctx.app.inject({ url: '/api/v1/SiteState' });
    expect(ru.statusCode).toBe(503);
    expect(ru.json()).toEqual({ header: 'Технический перерыв', text: 'Обновляем резервы, вернёмся через 15 минут' });
    const en = await ctx.app.inject({ url: '/api/v1/SiteState', headers: { 'accept-language': 'en' } });
    expect(en.json()).toEqual({ header: 'Maintenance break', text: 'Updating reserves, back in 15 minutes' });

    await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/site-state',
      headers: operator.headers,
      payload: { convertEnabled: true },
    });
    expect((await ctx.app.inject({ url: '/api/v1/SiteState' })).statusCode).toBe(204);
  });

  it('lets only operators and admins switch it', async () => {
    const payload = { convertEnabled: false };
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/admin/site-state', payload })).statusCode).toBe(401);
    const user = await createUser(ctx);
    const forbidden = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/site-state',
      headers: user.headers,
      payload,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: { code: 'forbidden', message: 'Недостаточно прав' } });
    const admin = await createUser(ctx, 'admin');
    expect((await ctx.app.inject({ url: '/api/admin/site-state', headers: admin.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/v1/SiteState' })).statusCode).toBe(204);
  });
});
