import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { usdtToBtc } from '../../../test/tickets';
import { referralBalances, referralPayouts } from '../../db/schema';
import { debitBalance, insertPayout } from './referral.repository';
import { ctx, register, succeed, summary, useReferralApp } from './referral.kit';

// A partner's withdrawals and figures.
useReferralApp();

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
      Requisite: 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H',
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
        payout(partner.headers, { Currency: 'USDTTRC20', Sum: whole, Requisite: 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H' }),
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
      Requisite: 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H',
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
      Requisite: ' TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H ',
    });
    expect(ok.json()).toMatchObject({
      status: 'pending',
      sum: '20.00',
      valute: 'USDT',
      requisite: 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H',
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
