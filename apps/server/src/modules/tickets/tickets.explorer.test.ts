import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

const HASH = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';

/** A bitcoin payout completed by the operator with this reference, as the client and the console read it. */
async function paidOut(payoutReference: string) {
  const ticket = (await createTicket(ctx, usdtToBtc('0.01'))).json() as { id: string };
  await ctx.app.services.tickets.transition(ticket.id, 'markPaid', { actor: 'operator:test' });
  await ctx.app.services.tickets.transition(ticket.id, 'complete', { actor: 'operator:test', payoutReference });
  const client = (await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}` })).json();
  const console = (await call(ctx, 'GET', `/api/admin/tickets/${ticket.id}`, roles.operator)).json();
  return { client, console: console.ticket };
}

describe('explorer links on payouts', () => {
  it('link a transaction hash of the network to the currency’s explorer, and leave anything else as text', async () => {
    const hash = await paidOut(HASH);
    expect(hash.client).toMatchObject({
      payoutReference: HASH,
      payoutReferenceUrl: `https://mempool.space/tx/${HASH}`,
    });
    expect(hash.console.payoutReferenceUrl).toBe(`https://mempool.space/tx/${HASH}`);

    // An Ethereum-style hash is not a bitcoin transaction; a note is no hash at all.
    for (const reference of [`0x${HASH}`, 'Выплачено вручную, tx в чате', `${HASH}"><img src=x onerror=alert(1)>`]) {
      const other = await paidOut(reference);
      expect(other.client.payoutReferenceUrl).toBeNull();
      expect(other.console.payoutReferenceUrl).toBeNull();
    }
  });

  it('follow the explorer the console sets on the currency, which must be an http(s) address with {txid}', async () => {
    const list = (await call(ctx, 'GET', '/api/admin/currencies', roles.operator)).json() as { code: string }[];
    const before = list.find((c) => c.code === 'BTC') as { code: string; explorerTxUrl: string };
    expect(before).toMatchObject({ explorerTxUrl: 'https://mempool.space/tx/{txid}', txHashFormat: 'hex64' });

    for (const explorerTxUrl of [
      'javascript:alert({txid})',
      'https://blockstream.info/tx/',
      'blockstream.info/{txid}',
    ]) {
      const refused = await call(ctx, 'PATCH', '/api/admin/currencies/BTC', roles.admin, { explorerTxUrl });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().parameterErrors).toEqual([
        { name: 'explorerTxUrl', messages: ['Нужен адрес http(s) с {txid} на месте хеша'] },
      ]);
    }
    const changed = await call(ctx, 'PATCH', '/api/admin/currencies/BTC', roles.admin, {
      explorerTxUrl: 'https://blockstream.info/tx/{txid}?expand',
    });
    expect(changed.statusCode).toBe(200);
    expect((await paidOut(HASH)).client.payoutReferenceUrl).toBe(`https://blockstream.info/tx/${HASH}?expand`);

    // No explorer: the hash stays text.
    await call(ctx, 'PATCH', '/api/admin/currencies/BTC', roles.admin, { explorerTxUrl: '' });
    expect((await paidOut(HASH)).client.payoutReferenceUrl).toBeNull();
    await call(ctx, 'PATCH', '/api/admin/currencies/BTC', roles.admin, { explorerTxUrl: before.explorerTxUrl });
  });
});
