import { createHmac } from 'node:crypto';
import {
  Decimal,
  formatMessage,
  normalizeAmount,
  REFERRAL_TERMS,
  requisiteProblem,
  roundDown,
  roundUp,
  toAmount,
  type createPayoutBody,
  type Lang,
  type RefCurrency,
  type RefPayout,
  type RefSummary,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/database';
import type { RequisiteFieldRecord } from '../../db/schema';
import { ConflictError, NotFoundError, ParameterError } from '../../http/errors';
import { findUserIdByRefNumber, type UserRow } from '../accounts/accounts.repository';
import type { Catalog, CatalogCurrency } from '../exchange/exchange.catalog';
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

const usd = (value: Decimal) => value.toFixed(2);

const toField = (field: RequisiteFieldRecord, lang: Lang) => ({
  name: field.name,
  kind: field.kind,
  label: lang === 'en' ? field.labelEn : field.labelRu,
  hint: lang === 'en' ? field.hintEn : field.hintRu,
  placeholder: field.placeholder,
  pattern: field.pattern,
  required: field.required,
});

export function createReferralService({ db, catalog, secret }: { db: Db; catalog: Catalog; secret: string }) {
  // A keyed hash of address and browser: the same visitor is recognised without keeping either.
  const visitorHash = (ip: string, userAgent: string) =>
    createHmac('sha256', secret).update(`${ip}\n${userAgent}`).digest('hex');

  function payoutCurrency(code: string): CatalogCurrency & { usdPrice: Decimal } {
    const entry = catalog.get().currencies.get(code);
    if (!entry || !entry.row.referralPayout || !entry.usdPrice) throw new NotFoundError('exchange.unknownCurrency');
    return entry as CatalogCurrency & { usdPrice: Decimal };
  }

  const toPayout = (row: PayoutRow): RefPayout => {
    const currency = catalog.get().currencies.get(row.currencyCode)?.row;
    return {
      id: row.id,
      date: row.createdAt.toISOString(),
      currency: row.currencyCode,
      valute: currency?.valute ?? row.currencyCode,
      sum: toAmount(new Decimal(row.sum), currency?.scale ?? 8),
      amountUsd: usd(new Decimal(row.amountUsd)),
      requisite: row.requisite,
      status: row.status,
      reference: row.reference,
      reason: row.reason,
    };
  };

  return {
    /** Counts a visit through a referral link once per visitor; unknown numbers are ignored. */
    async visit(refNumber: number, ip: string, userAgent: string): Promise<boolean> {
      const referrerId = await findUserIdByRefNumber(db, refNumber);
      if (!referrerId) return false;
      return recordVisit(db, referrerId, visitorHash(ip, userAgent));
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
        visits,
        referrals: referrals.all,
        activeReferrals: referrals.active,
        balanceUsd: usd(roundDown(balance, 2)),
        earnedUsd: usd(roundDown(new Decimal(totals.earned), 2)),
        paidOutUsd: usd(new Decimal(totals.paid)),
        withdrawBlockedReason: reason,
      };
    },

    async currencies(user: UserRow, lang: Lang): Promise<RefCurrency[]> {
      const balance = new Decimal((await referralTotals(db, user.id)).balance);
      return [...catalog.get().currencies.values()]
        .filter((c) => c.row.referralPayout && c.usdPrice && c.row.getFields.length > 0)
        .map((c) => {
          const [requisite, addRequisite] = c.row.getFields;
          return {
            codeName: c.row.code,
            name: lang === 'en' ? c.row.nameEn : c.row.nameRu,
            valute: c.row.valute,
            iconPath: c.row.iconPath,
            scale: c.row.scale,
            minSum: toAmount(
              roundUp(new Decimal(REFERRAL_TERMS.minPayoutUsd).div(c.usdPrice!), c.row.scale),
              c.row.scale,
            ),
            maxSum: toAmount(roundDown(balance.div(c.usdPrice!), c.row.scale), c.row.scale),
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
          amountUsd: new Decimal(charge.amountUsd).toFixed(4),
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

    /** A withdrawal request: checked, then the balance is taken at once, so it can never be paid twice. */
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
      const amount = normalizeAmount(body.Sum);
      if (amount === null || new Decimal(amount).decimalPlaces() > currency.row.scale) {
        throw ParameterError.of({ Sum: 'validation.pattern' });
      }
      const sum = new Decimal(amount);
      const amountUsd = sum.times(currency.usdPrice);
      const minimum = roundUp(new Decimal(REFERRAL_TERMS.minPayoutUsd).div(currency.usdPrice), currency.row.scale);
      if (sum.lt(minimum)) {
        throw new ParameterError((lang) => [
          {
            name: 'Sum',
            messages: [
              formatMessage(lang, 'referral.belowMinimum', {
                value: `${toAmount(minimum, currency.row.scale)} ${currency.row.valute}`,
              }),
            ],
          },
        ]);
      }
      const [requisiteField, addField] = currency.row.getFields;
      const problems: Record<string, ReturnType<typeof requisiteProblem>> = {};
      if (requisiteField) problems.Requisite = requisiteProblem(requisiteField, body.Requisite);
      if (addField) problems.AddRequisite = requisiteProblem(addField, body.AddRequisite);
      const failing = Object.entries(problems).filter(([, problem]) => problem);
      if (failing.length > 0) {
        throw new ParameterError((lang) =>
          failing.map(([name, key]) => ({ name, messages: [formatMessage(lang, key!)] })),
        );
      }
      const row = await db.transaction(async (tx) => {
        if (!(await debitBalance(tx, user.id, amountUsd.toFixed(8))))
          throw ParameterError.of({ Sum: 'referral.overBalance' });
        return insertPayout(tx, {
          userId: user.id,
          currencyCode: currency.row.code,
          sum: toAmount(sum, currency.row.scale),
          amountUsd: amountUsd.toFixed(8),
          requisite: body.Requisite,
          addRequisite: body.AddRequisite,
        });
      });
      return toPayout(row);
    },

    /**
     * Rewards the referrer of a ticket that just succeeded, in that transaction: 0.5 % of its USD
     * value, unless the exchanger earned under 0.6 % on it; at most once per ticket.
     */
    async accrue(tx: Tx, ticket: TicketRow): Promise<void> {
      if (!ticket.referrerId || ticket.referrerId === ticket.userId) return;
      if (new Decimal(ticket.profitPercent).lt(REFERRAL_TERMS.minProfitPercent)) return;
      const amountUsd = new Decimal(ticket.usdValue).times(REFERRAL_TERMS.rewardPercent).div(100).toFixed(8);
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
