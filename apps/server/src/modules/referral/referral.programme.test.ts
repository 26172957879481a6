import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, sberToBtc, usdtToBtc } from '../../../test/tickets';
import { TEST_PASSWORD } from '../../../test/users';
import { referralBalances, referralCharges, referralPayouts, tickets, users } from '../../db/schema';
import { debitBalance, insertPayout } from './referral.repository';
import { dealProfitPercent } from './referral.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let seq = 0;
async function register(refId?: number) {
  seq += 1;
  const username = `partner${Date.now().toString(36)}${seq}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/register',
    payload: {
      username,
      email: `${username}@example.com`,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      agree: true,
      ...(refId && { refId: String(refId) }),
    },
  });
  const token = res.json().user.access_token as string;
  const [row] = await ctx.database.db.select().from(users).where(eq(users.username, username));
  return { username, row: row!, headers: { authorization: `Bearer ${token}` } };
}

/** A ticket of the user that goes all the way to success through the operator's steps. */
async function succeed(headers: Record<string, string>, payload: object = usdtToBtc('0.01')) {
  const created = await createTicket(ctx, payload, headers);
  if (created.statusCode !== 200) throw new Error(`ticket refused: ${created.body}`);
  const ticket = created.json();
  if (ticket.status === 'card_check') {
    await ctx.app.services.tickets.transition(ticket.id, 'approveCard', { actor: 'operator:test' });
  }
  await ctx.app.services.tickets.transition(ticket.id, 'markPaid', { actor: 'operator:test' });
  await ctx.app.services.tickets.transition(ticket.id, 'complete', { actor: 'operator:test', payoutReference: 'tx-1' });
  return ticket as { id: string; give: { sum: string } };
}

const summary = (headers: Record<string, string>, lang = 'ru') =>
  ctx.app.inject({ url: '/api/v1/Ref/summary', headers: { ...headers, 'accept-language': lang } });

describe('the referral programme', () => {
  it('follows a visitor from the referral link to a reward on their first successful exchange', async () => {
    const partner = await register();
    await ctx.app.inject({ url: `/api/v1/Ref/visit/${partner.row.refNumber}` });
    const client = await register(partner.row.refNumber);
    expect(client.row.referrerId).toBe(partner.row.id);

    const ticket = await succeed(client.headers);
    const [charge] = await ctx.database.db
      .select()
      .from(referralCharges)
      .where(eq(referralCharges.ticketId, ticket.id));
    const ticketUsd = new Decimal(ticket.give.sum).times('1.0002');
    expect(new Decimal(charge!.amountUsd).toFixed(4)).toBe(ticketUsd.toDecimalPlaces(2).times('0.005').toFixed(4));

    const res = (await summary(partner.headers)).json();
    expect(res).toMatchObject({
      refId: partner.row.refNumber,
      link: `http://localhost:8080/ru/?r=${partner.row.refNumber}`,
      visits: 1,
      referrals: 1,
      activeReferrals: 1,
      activeReferralsRequired: 5,
      minPayoutUsd: '10.00',
      pendingUsd: '0.00',
      paidOutUsd: '0.00',
    });
    expect(res.earnedUsd).toBe(res.balanceUsd);
    expect((await summary(partner.headers, 'en')).json().link).toBe(
      `http://localhost:8080/en/?r=${partner.row.refNumber}`,
    );
    expect(res.withdrawBlockedReason).toBe('Для вывода нужно 5 активных рефералов, у вас 1');
    const charges = await ctx.app.inject({ url: '/api/v1/Ref/getcharges', headers: partner.headers });
    expect(charges.json()).toMatchObject({ total: 1, items: [{ ticketUsd: ticketUsd.toFixed(2) }] });
  });

  it('rewards once, even when the success is replayed', async () => {
    const partner = await register();
    const client = await register(partner.row.refNumber);
    const ticket = await succeed(client.headers);
    const again = ctx.app.services.tickets.transition(ticket.id, 'complete', { actor: 'operator:test' });
    await expect(again).rejects.toThrow();
    // Replaying the reward inside one transaction (no other query may run on PGlite meanwhile).
    const [full] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    await ctx.database.db.transaction(async (tx) => {
      await ctx.app.services.referral.accrue(tx, full!);
      await ctx.app.services.referral.accrue(tx, full!);
    });
    const charges = await ctx.database.db
      .select()
      .from(referralCharges)
      .where(eq(referralCharges.referrerId, partner.row.id));
    expect(charges).toHaveLength(1);
    const [balance] = await ctx.database.db
      .select()
      .from(referralBalances)
      .where(eq(referralBalances.userId, partner.row.id));
    expect(balance!.balanceUsd).toBe(charges[0]!.amountUsd);
  });

  it('rewards once when the operator completes the same ticket many times at once', async () => {
    const partner = await register();
    const client = await register(partner.row.refNumber);
    const ticket = (await createTicket(ctx, usdtToBtc('0.01'), client.headers)).json();
    await ctx.app.services.tickets.transition(ticket.id, 'markPaid', { actor: 'operator:test' });
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        ctx.app.services.tickets.transition(ticket.id, 'complete', { actor: 'operator:test' }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const charges = await ctx.database.db
      .select()
      .from(referralCharges)
      .where(eq(referralCharges.referrerId, partner.row.id));
    expect(charges).toHaveLength(1);
    const [balance] = await ctx.database.db
      .select()
      .from(referralBalances)
      .where(eq(referralBalances.userId, partner.row.id));
    expect(balance!.balanceUsd).toBe(charges[0]!.amountUsd);
  });

  it('gives no reward on a deal earning the exchanger under 0.6 %', async () => {
    const partner = await register();
    const client = await register(partner.row.refNumber);
    // Tether to tether is priced at a 0.4 % fee.
    await succeed(client.headers, {
      ...usdtToBtc(),
      getName: 'USDTERC20',
      getSum: '500',
      requisites: { give: {}, get: { walletAddress: `0x${'a'.repeat(40)}` } },
    });
    const charges = await ctx.database.db
      .select()
      .from(referralCharges)
      .where(eq(referralCharges.referrerId, partner.row.id));
    expect(charges).toHaveLength(0);
  });

  it('counts what a promo code gave away against the exchanger’s profit', async () => {
    const partner = await register();
    const client = await register(partner.row.refNumber);
    const [promo] = await ctx.app.services.promo.issue({
      userId: client.row.id,
      count: 1,
      valueRub: '100',
      minRub: '3000',
      expiresAt: null,
    });
    // 2.45 % earned on 3 000 RUB, less a 100 RUB gift (3.3 %): the exchanger loses on this deal.
    const gifted = await succeed(client.headers, sberToBtc('3000', { promocode: promo!.code }));
    const plain = await succeed(client.headers, sberToBtc('3000'));
    const charges = await ctx.database.db
      .select()
      .from(referralCharges)
      .where(eq(referralCharges.referrerId, partner.row.id));
    expect(charges.map((c) => c.ticketId)).toEqual([plain.id]);
    expect(charges.map((c) => c.ticketId)).not.toContain(gifted.id);
  });
});

describe('the profit on a deal', () => {
  it('is the fee, less the promo bonus as a share of the deal', () => {
    // 1 000 given at a market rate of 1, less a 2 % fee: a bonus of 9.8 is 0.98 % of the deal's worth.
    const deal = { profitPercent: '2', giveSum: '1000', rate: '0.98', promoBonus: null };
    expect(dealProfitPercent(deal).toFixed()).toBe('2');
    expect(dealProfitPercent({ ...deal, promoBonus: '9.8' }).toFixed()).toBe('1.02');
  });
});

describe('withdrawals', () => {
  async function partnerWithActiveReferrals(active: number) {
    const partner = await register();
    for (let i = 0; i < active; i += 1) {
      const client = await register(partner.row.refNumber);
      await succeed(client.headers);
    }
    return partner;
  }

  const payout = (headers: Record<string, string>, fields: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/Ref/createpayout', headers, payload: fields });

  it('needs five active referrals', async () => {
    const partner = await partnerWithActiveReferrals(1);
    const res = await payout(partner.headers, {
      Currency: 'USDTTRC20',
      Sum: '10',
      Requisite: 'TXk4hPbR8dN5e2QvYw3mZs7fLc6uJ9aGtB',
    });
    expect(res.json()).toEqual({
      parameterErrors: [{ name: 'Sum', messages: ['Для вывода нужно 5 активных рефералов, у вас 1'] }],
    });
  });

  it('pays the whole balance to exactly one of 50 simultaneous requests, never below zero; a rejection returns it', async () => {
    const partner = await partnerWithActiveReferrals(5);
    await ctx.database.db
      .update(referralBalances)
      .set({ balanceUsd: '25' })
      .where(eq(referralBalances.userId, partner.row.id));
    const currencies = (await ctx.app.inject({ url: '/api/v1/Ref/getcurrencies', headers: partner.headers })).json();
    const usdt = currencies.find((c: { codeName: string }) => c.codeName === 'USDTTRC20');
    expect(usdt).toMatchObject({ minSum: '10.00', requisite: { name: 'walletAddress' } });
    const whole = usdt.maxSum as string;

    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        payout(partner.headers, { Currency: 'USDTTRC20', Sum: whole, Requisite: 'TXk4hPbR8dN5e2QvYw3mZs7fLc6uJ9aGtB' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json()).toEqual({ parameterErrors: [{ name: 'Sum', messages: ['Сумма больше баланса'] }] });
    }
    const [balance] = await ctx.database.db
      .select()
      .from(referralBalances)
      .where(eq(referralBalances.userId, partner.row.id));
    expect(new Decimal(balance!.balanceUsd).gte(0)).toBe(true);
    expect(new Decimal(balance!.balanceUsd).lt('0.01')).toBe(true);

    const id = results.find((r) => r.statusCode === 200)!.json().id as string;
    const rejected = await ctx.app.services.referral.reject(id, 'Неверный адрес');
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Неверный адрес' });
    const [back] = await ctx.database.db
      .select()
      .from(referralBalances)
      .where(eq(referralBalances.userId, partner.row.id));
    expect(new Decimal(back!.balanceUsd).toFixed(2)).toBe('25.00');
    await expect(ctx.app.services.referral.markPaid(id, 'tx')).rejects.toThrow();
  });

  it('checks the sum, the minimum and the requisite', async () => {
    const partner = await partnerWithActiveReferrals(5);
    await ctx.database.db
      .update(referralBalances)
      .set({ balanceUsd: '100' })
      .where(eq(referralBalances.userId, partner.row.id));
    const small = await payout(partner.headers, {
      Currency: 'USDTTRC20',
      Sum: '5',
      Requisite: 'TXk4hPbR8dN5e2QvYw3mZs7fLc6uJ9aGtB',
    });
    expect(small.json().parameterErrors[0].messages[0]).toMatch(/^Минимальная сумма вывода: 10\.00 USDT$/);
    const address = await payout(partner.headers, { Currency: 'USDTTRC20', Sum: '20', Requisite: 'not-an-address' });
    expect(address.json()).toEqual({ parameterErrors: [{ name: 'Requisite', messages: ['Неверное значение'] }] });
    // Every field's problem at once, in the request's language, so the form can show them all.
    const both = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/Ref/createpayout',
      headers: { ...partner.headers, 'accept-language': 'en' },
      payload: { Currency: 'USDTTRC20', Sum: '20.123', Requisite: 'nope' },
    });
    expect(both.json()).toEqual({
      parameterErrors: [
        { name: 'Sum', messages: ['At most 2 digits after the decimal point'] },
        { name: 'Requisite', messages: ['Invalid value'] },
      ],
    });
    const eth = await payout(partner.headers, { Currency: 'ETH', Sum: '0.01', Requisite: `0x${'a'.repeat(40)}` });
    expect(eth.json()).toEqual({
      parameterErrors: [{ name: 'Currency', messages: ['Вывод в эту валюту недоступен'] }],
    });
    const card = await payout(partner.headers, {
      Currency: 'SBERRUB',
      Sum: '2000',
      Requisite: '2202 2000 0000 0009',
      AddRequisite: 'Иван Петров',
    });
    expect(card.json()).toEqual({ parameterErrors: [{ name: 'Requisite', messages: ['Неверный номер карты'] }] });
    const ok = await payout(partner.headers, {
      Currency: 'USDTTRC20',
      Sum: '20',
      Requisite: ' TXk4hPbR8dN5e2QvYw3mZs7fLc6uJ9aGtB ',
    });
    expect(ok.json()).toMatchObject({
      status: 'pending',
      sum: '20.00',
      valute: 'USDT',
      requisite: 'TXk4hPbR8dN5e2QvYw3mZs7fLc6uJ9aGtB',
    });
    const list = await ctx.app.inject({ url: '/api/v1/Ref/getpayouts', headers: partner.headers });
    expect(list.json()).toMatchObject({ total: 1, items: [{ status: 'pending' }] });
    const [request] = await ctx.database.db
      .select()
      .from(referralPayouts)
      .where(eq(referralPayouts.id, ok.json().id as string));
    const taken = new Decimal(request!.amountUsd);
    const [left] = await ctx.database.db
      .select()
      .from(referralBalances)
      .where(eq(referralBalances.userId, partner.row.id));
    expect(new Decimal(left!.balanceUsd).plus(taken).toFixed(8)).toBe('100.00000000');
    expect((await summary(partner.headers)).json()).toMatchObject({
      pendingUsd: taken.toFixed(),
      paidOutUsd: '0.00',
      withdrawBlockedReason: null,
    });
    await ctx.app.services.referral.markPaid(ok.json().id, 'tx-payout-1');
    expect((await summary(partner.headers)).json()).toMatchObject({ pendingUsd: '0.00', paidOutUsd: taken.toFixed() });
    const paid = await ctx.app.inject({ url: '/api/v1/Ref/getpayouts', headers: partner.headers });
    expect(paid.json().items[0]).toMatchObject({ status: 'paid', reference: 'tx-payout-1' });
  });
});

describe('the partner’s figures', () => {
  const currencies = async (headers: Record<string, string>, lang = 'ru') =>
    (
      await ctx.app.inject({ url: '/api/v1/Ref/getcurrencies', headers: { ...headers, 'accept-language': lang } })
    ).json() as {
      codeName: string;
      minSum: string;
      maxSum: string | null;
      unavailableReason: string | null;
    }[];

  it('add up: the balance shows every digit of the charges, and the payouts leave exactly the rest', async () => {
    const partner = await register();
    const client = await register(partner.row.refNumber);
    // 500 USDT at 1.0002 is a 500.10 USD ticket: a reward of 2.5005 USD, not 2.50.
    await succeed(client.headers, usdtToBtc('0', { giveSum: '500', calcDirection: 'sell' }));
    await succeed(client.headers, usdtToBtc('0', { giveSum: '500', calcDirection: 'sell' }));
    const charges = (await ctx.app.inject({ url: '/api/v1/Ref/getcharges', headers: partner.headers })).json();
    expect(charges.items.map((c: { amountUsd: string }) => c.amountUsd)).toEqual(['2.5005', '2.5005']);
    expect((await summary(partner.headers)).json()).toMatchObject({
      balanceUsd: '5.001',
      earnedUsd: '5.001',
      pendingUsd: '0.00',
      paidOutUsd: '0.00',
    });

    // A payout priced at 8 decimals: balance + pending is still exactly what was earned.
    await ctx.database.db
      .update(referralBalances)
      .set({ balanceUsd: '25.0005' })
      .where(eq(referralBalances.userId, partner.row.id));
    const figures = async () => (await summary(partner.headers)).json();
    expect((await figures()).balanceUsd).toBe('25.0005');
    const btc = (await currencies(partner.headers)).find((c) => c.codeName === 'BTC')!;
    await ctx.database.db.transaction(async (tx) => {
      await debitBalance(tx, partner.row.id, '10.00312345');
      await insertPayout(tx, {
        userId: partner.row.id,
        currencyCode: 'BTC',
        sum: btc.minSum,
        amountUsd: '10.00312345',
        requisite: 'bc1q',
        addRequisite: '',
      });
    });
    const after = await figures();
    expect(after).toMatchObject({ balanceUsd: '14.99737655', pendingUsd: '10.00312345' });
    expect(new Decimal(after.balanceUsd).plus(after.pendingUsd).toFixed()).toBe('25.0005');
  });

  it('never offer a payout range whose minimum is above its maximum', async () => {
    const partner = await register();
    const setBalance = (balanceUsd: string) =>
      ctx.database.db
        .insert(referralBalances)
        .values({ userId: partner.row.id, balanceUsd })
        .onConflictDoUpdate({ target: referralBalances.userId, set: { balanceUsd } });

    await setBalance('2.5005');
    const low = await currencies(partner.headers);
    expect(low.length).toBeGreaterThan(0);
    for (const c of low) {
      expect(c.maxSum).toBeNull();
      expect(c.unavailableReason).toMatch(/^Баланс меньше минимальной выплаты в этой валюте: \d/);
    }
    const usdt = (await currencies(partner.headers, 'en')).find((c) => c.codeName === 'USDTTRC20')!;
    expect(usdt).toMatchObject({
      minSum: '10.00',
      maxSum: null,
      unavailableReason: 'The balance is below the smallest payout in this currency: 10.00 USDT',
    });

    // Around the USDT minimum (10.00 USDT at 1.0002 is 10.002 USD) and far above it.
    for (const balance of ['10.001', '10.0021', '25', '1000000']) {
      await setBalance(balance);
      for (const c of await currencies(partner.headers)) {
        if (c.maxSum === null)
          expect(c.unavailableReason).toMatch(/^Баланс меньше минимальной выплаты в этой валюте: \d/);
        else {
          expect(c.unavailableReason).toBeNull();
          expect(new Decimal(c.minSum).lte(c.maxSum)).toBe(true);
        }
      }
    }
    await setBalance('10.001');
    expect((await currencies(partner.headers)).find((c) => c.codeName === 'USDTTRC20')!.maxSum).toBeNull();
    await setBalance('10.0021');
    expect((await currencies(partner.headers)).find((c) => c.codeName === 'USDTTRC20')!.maxSum).toBe('10.00');
  });
});
