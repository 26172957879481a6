import type { Quote } from '@obmen/shared/contracts';

/**
 * The converter's state (spec §3 "converter state (persisted)"): what the visitor is about to
 * exchange. The converter writes it on every change and on submit; ticket creation reads it. It
 * lives here, not in either feature, because features do not import each other.
 */
export interface ExchangeDraft {
  giveName: string;
  getName: string;
  /** Decimal strings exactly as the last quote gave them (or as typed, before one arrives). */
  giveSum: string;
  getSum: string;
  /** The side the visitor typed last: `sell` computes the get amount, `buy` the give amount. */
  direction: 'sell' | 'buy';
  useFixed: boolean;
  promocode: string;
  /** The last quote for these values, with its signed token; null until one arrives. */
  quote: Quote | null;
  /** When the draft was written (epoch ms), so a stale one can be told apart. */
  savedAt: number;
}

const STORAGE_KEY = 'exchangeDraft';

const isString = (value: unknown): value is string => typeof value === 'string';

function isDraft(value: unknown): value is ExchangeDraft {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Record<string, unknown>;
  return (
    isString(d.giveName) &&
    isString(d.getName) &&
    isString(d.giveSum) &&
    isString(d.getSum) &&
    (d.direction === 'sell' || d.direction === 'buy') &&
    typeof d.useFixed === 'boolean' &&
    isString(d.promocode) &&
    (d.quote === null || typeof d.quote === 'object') &&
    typeof d.savedAt === 'number'
  );
}

/**
 * The draft when storage is blocked (private modes; a partner's widget in a browser that denies a
 * framed site its storage, issue 47): kept for this page's life, so the converter still leads to
 * ticket creation; only a reload starts afresh.
 */
let unstored: ExchangeDraft | null = null;

/** The stored draft, or null when there is none or it cannot be read. */
export function loadDraft(): ExchangeDraft | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed) ? parsed : null;
  } catch {
    return unstored;
  }
}

export function saveDraft(draft: Omit<ExchangeDraft, 'savedAt'>): void {
  const saved = { ...draft, savedAt: Date.now() };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    unstored = saved;
  }
}

export function clearDraft(): void {
  unstored = null;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
