import { createHmac } from 'node:crypto';
import {
  Decimal,
  formatMessage,
  normalizeAmount,
  normalizeRequisite,
  REFERRAL_TERMS,
  requisiteProblem,
  roundDown,
  roundUp,
  toAmount,
  type createPayoutBody,
  type Lang,
  type ParameterErrors,
  type RefCurrency,
  type RefPayout,
  type RefSummary,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/database';
import type { RequisiteFieldRecord } from '../../db/schema';
import { ConflictError, ParameterError } from '../../http/errors';
import { findUserIdByRefNumber, type UserRow } from '../accounts/accounts.repository';
import { scaleOf, type Catalog, type CatalogCurrency } from '../exchange/exchange.catalog';
import { payoutDebitUsd, referralReward } from './referral-money';
import type { TicketRow } from '../tickets/tickets.repository';
import {
  countReferrals,
  countVisits,
  creditBalance,
  debitBalance,
  decidePayout,
  insertCharge,
  insertPayout,
  listCharges,
  listPayouts,
  recordVisit,
  referralTotals,
  type PayoutRow,
} from './referral.repository';

/**
 * A sum in US dollars with every digit it has (charges are 0.5 % of two-decimal tickets, payouts
 * are priced to 8 decimals): rounding the balance would make it disagree with the charges.
 * Cents are always written, as for any dollar amount.
 */
const usd = (value: Decimal) => (value.decimalPlaces() < 2 ? value.toFixed(2) : value.toFixed());

/** The programme's USD minimum in a currency at its price, rounded up: never a payout under it. */
const payoutMinimum = (usdPrice: Decimal, scale: number) =>
  roundUp(new Decimal(REFERRAL_TERMS.minPayoutUsd).div(usdPrice), scale);

const toField = (field: RequisiteFieldRecord, lang: Lang) => ({
  name: field.name,
  kind: field.kind,
  label: lang === 'en' ? field.labelEn : field.labelRu,
  hint: lang === 'en' ? field.hintEn : field.hintRu,
  placeholder: field.placeholder,
  pattern: field.pattern,
  required: field.required,
});

/**
 * The exchanger's profit on a ticket in percent: its fee, less what a promo code gave away. The
 * bonus's share of the deal comes from the ticket's own sums and rate, so today's prices do not matter:
 * bonus in USD / deal in USD = bonus × (1 − fee) / (giveSum × rate).
 */
export function dealProfitPercent(
  ticket: Pick<TicketRow, 'profitPercent' | 'promoBonus' | 'giveSum' | 'rate'>,
): Decimal {
  const fee = new Decimal(ticket.profitPercent);
  if (!ticket.promoBonus) return fee;
  const dealInGet = new Decimal(ticket.giveSum).times(ticket.rate);
  if (dealInGet.lte(0)) return fee;
  const keep = new Decimal(1).minus(fee.div(100));
  return fee.minus(new Decimal(ticket.promoBonus).times(keep).div(dealInGet).times(100));
}

export function createReferralService({
  db,
  catalog,
  secret,
  publicUrl,
}: {
  db: Db;
  catalog: Catalog;
  secret: string;
  /** The address users reach: personal links are built on it. */
  publicUrl: string;
}) {
  // A keyed hash of the address: the same visitor is recognised without keeping it. Not the browser:
  // a script changing its User-Agent would count as a new visitor on every request (issue 33).
  const visitorHash = (ip: string) => createHmac('sha256', secret).update(`visit:${ip}`).digest('hex');

  function payoutCurrency(code: string): CatalogCurrency & { usdPrice: Decimal } {
    const entry = catalog.get().currencies.get(code);
    if (!entry || !entry.row.referralPayout || !entry.usdPrice || entry.row.getFields.length === 0) {
      throw ParameterError.of({ Currency: 'referral.noPayoutCurrency' });
    }
    return entry as CatalogCurrency & { usdPrice: Decimal };
  }

  const toPayout = (row: PayoutRow): RefPayout => {
    const currency = catalog.get().currencies.get(row.currencyCode)?.row;
    return {
      id: row.id,
      date: row.createdAt.toISOString(),
      currency: row.currencyCode,
      valute: currency?.valute ?? row.currencyCode,
      sum: toAmount(new Decimal(row.sum), scaleOf(catalog.get(), row.currencyCode), 'down'),
      amountUsd: usd(new Decimal(row.amountUsd)),
      requisite: row.requisite,
      status: row.status,
      reference: row.reference,
      reason: row.reason,
    };
  };

  return {
    /** Counts a visit through a referral link once per visitor address and day; unknown numbers are ignored. */
    async visit(refNumber: number, ip: string): Promise<boolean> {
      const referrerId = await findUserIdByRefNumber(db, refNumber);
      if (!referrerId) return false;
      return recordVisit(db, referrerId, visitorHash(ip));
    },

    visits: (referrerId: string) => countVisits(db, referrerId),

    async summary(user: UserRow, lang: Lang): Promise<RefSummary> {
      const [visits, referrals, totals] = await Promise.all([
        countVisits(db, user.id),
        countReferrals(db, user.id),
        referralTotals(db, user.id),
      ]);
      const balance = new Decimal(totals.balance);
      let reason: string | null = null;
      if (referrals.active < REFERRAL_TERMS.activeReferralsRequired) {
        reason = formatMessage(lang, 'referral.needActive', {
          value: REFERRAL_TERMS.activeReferralsRequired,
          current: referrals.active,
        });
      } else if (balance.lt(REFERRAL_TERMS.minPayoutUsd)) {
        reason = balance.isZero()
          ? formatMessage(lang, 'referral.noBalance')
          : formatMessage(lang, 'referral.belowMinimum', { value: `${REFERRAL_TERMS.minPayoutUsd} USD` });
      }
      return {
        refId: user.refNumber,
        link: `${publicUrl.replace(/\/+$/, '')}/${lang}/?r=${user.refNumber}`,
        visits,
        referrals: referrals.all,
        activeReferrals: referrals.active,
        balanceUsd: usd(balance),
        earnedUsd: usd(new Decimal(totals.earned)),
        pendingUsd: usd(new Decimal(totals.pending)),
        paidOutUsd: usd(new Decimal(totals.paid)),
        activeReferralsRequired: REFERRAL_TERMS.activeReferralsRequired,
        minPayoutUsd: usd(new Decimal(REFERRAL_TERMS.minPayoutUsd)),
        withdrawBlockedReason: reason,
      };
    },

    /**
     * The currencies a reward can be withdrawn in, with the smallest payout and the balance at
     * today's price. One whose minimum the balance does not reach has no maximum and says why:
     * a range from 10 to 2.5 is no range.
     */
    async currencies(user: UserRow, lang: Lang): Promise<RefCurrency[]> {
      const balance = new Decimal((await referralTotals(db, user.id)).balance);
      return [...catalog.get().currencies.values()]
        .filter((c) => c.row.referralPayout && c.usdPrice && c.row.getFields.length > 0)
        .map((c) => {
          const [requisite, addRequisite] = c.row.getFields;
          const { scale, valute } = c.row;
          const minimum = payoutMinimum(c.usdPrice!, scale);
          const maximum = roundDown(balance.div(c.usdPrice!), scale);
          const reachable = maximum.gte(minimum);
          return {
            codeName: c.row.code,
            name: lang === 'en' ? c.row.nameEn : c.row.nameRu,
            valute,
            iconPath: c.row.iconPath,
            scale,
            minSum: toAmount(minimum, scale, 'up'),
            maxSum: reachable ? toAmount(maximum, scale, 'down') : null,
            unavailableReason: reachable
              ? null
              : formatMessage(lang, 'referral.balanceBelowMinimum', {
                  value: `${toAmount(minimum, scale, 'up')} ${valute}`,
                }),
            requisite: toField(requisite!, lang),
            addRequisite: addRequisite ? toField(addRequisite, lang) : null,
          };
        });
    },

    async charges(user: UserRow, page: number, perPage: number) {
      const { items, total } = await listCharges(db, user.id, page, perPage);
      return {
        items: items.map(({ charge, ticketNumber }) => ({
          ticketNumber,
          date: charge.createdAt.toISOString(),
          ticketUsd: usd(new Decimal(charge.ticketUsd)),
          amountUsd: usd(new Decimal(charge.amountUsd)),
        })),
        page,
        perPage,
        total,
      };
    },

    async payouts(user: UserRow | null, page: number, perPage: number) {
      const { items, total } = await listPayouts(db, user?.id ?? null, page, perPage);
      return { items: items.map(toPayout), page, perPage, total };
    },

    /**
     * A withdrawal request: checked (every field's problems at once), then the balance is taken in
     * one conditional statement, so it can never be paid out twice.
     */
    async createPayout(user: UserRow, body: z.output<typeof createPayoutBody>): Promise<RefPayout> {
      const currency = payoutCurrency(body.Currency);
      const { active } = await countReferrals(db, user.id);
      if (active < REFERRAL_TERMS.activeReferralsRequired) {
        throw new ParameterError((lang) => [
          {
            name: 'Sum',
            messages: [
              formatMessage(lang, 'referral.needActive', {
                value: REFERRAL_TERMS.activeReferralsRequired,
                current: active,
              }),
            ],
          },
        ]);
      }
      const { scale, valute } = currency.row;
      const problems: ((lang: Lang) => ParameterErrors[number])[] = [];
      const amount = normalizeAmount(body.Sum);
      const minimum = payoutMinimum(currency.usdPrice, scale);
      if (amount === null) {
        problems.push((lang) => ({ name: 'Sum', messages: [formatMessage(lang, 'validation.pattern')] }));
      } else if (new Decimal(amount).decimalPlaces() > scale) {
        problems.push((lang) => ({
          name: 'Sum',
          messages: [formatMessage(lang, 'exchange.tooManyDecimals', { value: scale })],
        }));
      } else if (new Decimal(amount).lt(minimum)) {
        problems.push((lang) => ({
          name: 'Sum',
          messages: [
            formatMessage(lang, 'referral.belowMinimum', { value: `${toAmount(minimum, scale, 'up')} ${valute}` }),
          ],
        }));
      }
      const [requisiteField, addField] = currency.row.getFields;
      const fields = [
        ['Requisite', requisiteField, body.Requisite],
        ['AddRequisite', addField, body.AddRequisite],
      ] as const;
      for (const [name, field, value] of fields) {
        const problem = field ? requisiteProblem(field, value) : null;
        if (problem) problems.push((lang) => ({ name, messages: [formatMessage(lang, problem)] }));
      }
      if (problems.length > 0 || amount === null) {
        throw new ParameterError((lang) => problems.map((problem) => problem(lang)));
      }

      const sum = new Decimal(amount);
      const amountUsd = payoutDebitUsd(sum, currency.usdPrice);
      const row = await db.transaction(async (tx) => {
        if (!(await debitBalance(tx, user.id, amountUsd))) throw ParameterError.of({ Sum: 'referral.overBalance' });
        return insertPayout(tx, {
          userId: user.id,
          currencyCode: currency.row.code,
          sum: toAmount(sum, scale, 'down'),
          amountUsd,
          // Kept as the operator will paste it: a card without its spaces, an address trimmed.
          requisite: requisiteField ? normalizeRequisite(requisiteField.kind, body.Requisite) : body.Requisite,
          addRequisite: addField ? normalizeRequisite(addField.kind, body.AddRequisite) : body.AddRequisite,
        });
      });
      return toPayout(row);
    },

    /**
     * Rewards the referrer of a ticket that just succeeded, in that transaction: 0.5 % of its USD
     * value, unless the exchanger earned under 0.6 % on it (a promo code's gift counted); at most
     * once per ticket (the charge's key is the ticket).
     */
    async accrue(tx: Tx, ticket: TicketRow): Promise<void> {
      if (!ticket.referrerId || ticket.referrerId === ticket.userId) return;
      if (dealProfitPercent(ticket).lt(REFERRAL_TERMS.minProfitPercent)) return;
      const amountUsd = referralReward(new Decimal(ticket.usdValue));
      const fresh = await insertCharge(tx, {
        ticketId: ticket.id,
        referrerId: ticket.referrerId,
        ticketUsd: ticket.usdValue,
        amountUsd,
      });
      if (fresh) await creditBalance(tx, ticket.referrerId, amountUsd);
    },

    /** The operator paid it: the reference is kept for the partner to see. */
    async markPaid(id: string, reference: string): Promise<RefPayout> {
      const row = await db.transaction((tx) => decidePayout(tx, id, { status: 'paid', reference }));
      if (!row) throw new ConflictError('wrong_status', 'ticket.wrongStatus');
      return toPayout(row);
    },

    /** The operator refused it: the amount goes back to the balance in the same transaction. */
    async reject(id: string, reason: string): Promise<RefPayout> {
      const row = await db.transaction(async (tx) => {
        const decided = await decidePayout(tx, id, { status: 'rejected', reason });
        if (decided) await creditBalance(tx, decided.userId, decided.amountUsd);
        return decided;
      });
      if (!row) throw new ConflictError('wrong_status', 'ticket.wrongStatus');
      return toPayout(row);
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
