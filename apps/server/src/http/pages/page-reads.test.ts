import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusOfFailure } from '@obmen/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { createPageReads } from './page-reads';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// Only the ticket is read here; the other reads' services are not needed.
const reads = () => {
  const { exchange, siteState, receipts, tickets } = ctx.app.services;
  return createPageReads({ exchange, siteState, receipts, tickets, content: null as never, status: null as never });
};

const failureOf = (read: Promise<unknown>) =>
  read.then(
    () => null,
    (error: unknown) => statusOfFailure(error),
  );

describe("the page reads' ticket (a visitor's ticket page is drawn by the server)", () => {
  it('answers what the API answers whoever has the link, in the page language', async () => {
    const created = (await createTicket(ctx, usdtToBtc('0.01'))).json();
    for (const lang of ['ru', 'en'] as const) {
      const api = await ctx.app.inject({ url: `/api/v1/Tickets/${created.id}`, headers: { 'accept-language': lang } });
      expect(await reads().ticket(created.id, lang)).toEqual(api.json());
    }
  });

  it("fails as the API does for a signed-in user's ticket asked without the user (401)", async () => {
    const user = await createUser(ctx);
    const created = (await createTicket(ctx, usdtToBtc('0.01'), user.headers)).json();
    expect(await failureOf(reads().ticket(created.id, 'ru'))).toBe(401);
  });

  it('fails with 404 for an id that is malformed or names no ticket', async () => {
    expect(await failureOf(reads().ticket('123', 'ru'))).toBe(404);
    expect(await failureOf(reads().ticket('<script>alert(1)</script>', 'ru'))).toBe(404);
    expect(await failureOf(reads().ticket('AAAAAAAAAAAAAAAAAAAAAA', 'ru'))).toBe(404);
  });
});
