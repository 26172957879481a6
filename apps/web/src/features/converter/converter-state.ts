import type { Lang } from '@obmen/shared/i18n';
import type { ExchangeDraft } from '../../lib/exchange-draft';
import { amountOf, inputText, pairKey, settledAmount, type CalcDirection, type Pair } from './converter-logic';

/**
 * The converter's own state (use-converter.ts): the pair chosen, the amount typed and on which
 * side, what is being priced, the rate mode and the promo code, and the saved draft read once.
 */
export interface State {
  /** The pair last chosen here (or in the saved draft), used when the address names none. */
  chosen: Pair | null;
  /** The pair the amount below belongs to; another pair starts from its own minimum. */
  amountPair: string | null;
  /** The side typed last (spec §4): `sell` prices the get amount, `buy` the give amount. */
  direction: CalcDirection;
  /** The amount as typed (or set), on the side `direction` names. */
  text: string;
  /** What is being priced: the amount once typing paused. */
  committed: { sum: string; direction: CalcDirection } | null;
  fixed: boolean;
  /** The promo code applied to quotes; '' when none. */
  promo: string;
  /** The saved draft has been read (at once, or after hydration). */
  restored: boolean;
}

export type Action =
  | { type: 'choose'; pair: Pair }
  | { type: 'set'; pairKey: string; direction: CalcDirection; sum: string; lang: Lang }
  | { type: 'type'; pairKey: string; direction: CalcDirection; text: string }
  | { type: 'commit' }
  | { type: 'fixed'; fixed: boolean }
  | { type: 'promo'; code: string }
  | { type: 'restore'; state: State };

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'choose':
      return { ...state, chosen: action.pair };
    case 'set': {
      const { text, sum } = settledAmount(action.sum, action.lang);
      return {
        ...state,
        amountPair: action.pairKey,
        direction: action.direction,
        text,
        committed: { sum, direction: action.direction },
      };
    }
    case 'type':
      return { ...state, amountPair: action.pairKey, direction: action.direction, text: action.text };
    case 'commit':
      return { ...state, committed: { sum: amountOf(state.text), direction: state.direction } };
    case 'fixed':
      return { ...state, fixed: action.fixed };
    case 'promo':
      return { ...state, promo: action.code };
    case 'restore':
      // Once: a later change of language or promo link does not bring the draft back.
      return state.restored ? state : { ...action.state, restored: true };
  }
}

export const cleanPromo = (code: string | null | undefined) =>
  (code ?? '')
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9_-]/g, '')
    .slice(0, 40);

export function initialState(draft: ExchangeDraft | null, promoFromUrl: string, lang: Lang, restored = true): State {
  const promo = promoFromUrl || cleanPromo(draft?.promocode);
  if (!draft)
    return {
      chosen: null,
      amountPair: null,
      direction: 'sell',
      text: '',
      committed: null,
      fixed: false,
      promo,
      restored,
    };
  const chosen = { give: draft.giveName, get: draft.getName };
  const text = inputText(amountOf(draft.direction === 'sell' ? draft.giveSum : draft.getSum), lang);
  const amount = amountOf(text);
  return {
    chosen,
    amountPair: amount ? pairKey(chosen) : null,
    direction: draft.direction,
    text,
    committed: amount ? { sum: amount, direction: draft.direction } : null,
    fixed: draft.useFixed,
    promo,
    restored,
  };
}
