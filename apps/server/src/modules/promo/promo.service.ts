import { randomInt } from 'node:crypto';
import { Decimal, type Discount, type PromoCode, toAmount, toCents } from '@obmen/shared';
import type { Db } from '../../db/database';
import type { UserRow } from '../accounts/accounts.repository';
import { insertPromoCodes, listActiveUserPromoCodes, listUserPromoCodes, type PromoRow } from './promo.repository';

// No 0/O or 1/I: codes are read off screens and typed by hand.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newPromoCode(): string {
  const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `OBM-${part()}-${part()}`;
}

function toPromo({
  promo,
  ticketNumber,
  ticketId,
}: {
  promo: PromoRow;
  ticketNumber: number | null;
  ticketId: string | null;
}): PromoCode {
  const expired = promo.status === 'active' && promo.expiresAt !== null && promo.expiresAt.getTime() < Date.now();
  return {
    code: promo.code,
    valueRub: toAmount(new Decimal(promo.valueRub), 0, 'down'),
    minRub: toAmount(new Decimal(promo.minRub), 0, 'up'),
    status: expired ? 'expired' : promo.status,
    expiresAt: promo.expiresAt?.toISOString() ?? null,
    usedAt: promo.usedAt?.toISOString() ?? null,
    ticketNumber,
    ticketId,
  };
}

/** The discount as the page shows it: with the next band up and the turnover still missing to it. */
export function withNextBand(discount: Omit<Discount, 'next'>): Discount {
  const turnover = new Decimal(discount.turnoverUsd);
  const next = discount.bands
    .map((band) => ({ ...band, min: new Decimal(band.minTurnoverUsd) }))
    .sort((a, b) => a.min.comparedTo(b.min))
    .find((band) => band.min.gt(turnover));
  return {
    ...discount,
    next: next
      ? {
          minTurnoverUsd: next.minTurnoverUsd,
          percent: next.percent,
          remainingUsd: toCents(next.min.minus(turnover), 'up'),
        }
      : null,
  };
}

export function createPromoService(db: Db) {
  return {
    async list(user: UserRow, page: number, perPage: number) {
      const { items, total } = await listUserPromoCodes(db, user.id, page, perPage);
      return { items: items.map(toPromo), page, perPage, total };
    },

    async active(user: UserRow): Promise<PromoCode[]> {
      return (await listActiveUserPromoCodes(db, user.id)).map(toPromo);
    },

    /** Issues single-use codes, to one user or as an unassigned batch (operator console). */
    async issue(options: {
      userId: string | null;
      count: number;
      valueRub: string;
      minRub: string;
      expiresAt: Date | null;
    }) {
      const rows = Array.from({ length: options.count }, () => ({
        code: newPromoCode(),
        userId: options.userId,
        valueRub: options.valueRub,
        minRub: options.minRub,
        expiresAt: options.expiresAt,
      }));
      return (await insertPromoCodes(db, rows)).map((promo) => toPromo({ promo, ticketNumber: null, ticketId: null }));
    },
  };
}

export type PromoService = ReturnType<typeof createPromoService>;
