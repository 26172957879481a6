import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { createTicket, sberToBtc, usdtToBtc } from '../../../test/tickets';
import { referralBalances, referralCharges, tickets } from '../../db/schema';
import { dealProfitPercent } from './referral.service';
import { ctx, register, succeed, summary, useReferralApp } from './referral.kit';

useReferralApp();

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
