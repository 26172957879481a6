import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { parsePath, useLocation, useNavigate, useParams } from 'react-router';
import type { Currency, ParameterErrors, Quote } from '@obmen/shared/contracts';
import { useHydrated } from '../../../hooks/use-hydrated';
import { useLanguage } from '../../../hooks/use-language';
import { ApiError } from '../../../lib/api-client';
import { usePagePath } from '../../../lib/embed-frame';
import { loadDraft, saveDraft } from '../../../lib/exchange-draft';
import { knownSiteStatus, useSiteStatus } from '../../../lib/site-status';
import { quoteQueryOptions, type QuoteRequest } from '../api/calculate';
import { useCurrencies } from '../api/get-currencies';
import { currencyMessageQueryOptions, useCurrencyMessage } from '../api/get-currency-message';
import { useDirections } from '../api/get-directions';
import { directionStatusQueryOptions, useDirectionStatus } from '../api/get-direction-status';
import { rangeQueryOptions, useRange } from '../api/get-range';
import { reserveQueryOptions, useReserve } from '../api/get-reserve';
import { converterKeys } from '../api/query-keys';
import {
  amountOf,
  canSwap,
  checkAmount,
  classifyRefusal,
  cleanAmountInput,
  DEFAULT_PAIR,
  directionKeyOf,
  floorOf,
  inputText,
  pairFromSegment,
  pairKey,
  pickCurrency,
  readable,
  resolvePair,
  type AmountProblem,
  type Pair,
  type ProblemTexts,
  type Side,
} from '../converter-logic';
import { cleanPromo, initialState, reducer } from '../converter-state';
import { useReportFailure } from './use-report-failure';

/** What a refused amount comes to, when the server said (calculate's refusal of a range or reserve). */
function estimateOf(error: unknown): { giveSum: string; getSum: string } | null {
  if (!(error instanceof ApiError)) return null;
  return (error.body as { estimate?: { giveSum: string; getSum: string } } | null)?.estimate ?? null;
}

/** How long typing must pause before the amount is priced. */
export const TYPING_DEBOUNCE_MS = 350;

function sumMessages(errors: ParameterErrors | null): string[] {
  if (!errors) return [];
  const sum = errors.find((e) => e.name === 'sum');
  return sum ? sum.messages : errors.flatMap((e) => e.messages);
}

const NO_REQUEST: QuoteRequest = { give: '', get: '', sum: '', direction: 'sell', fixed: false, promocode: '' };

export interface SideView {
  currency: Currency | undefined;
  /** What the field shows. */
  text: string;
  /** The figure shown was priced for an earlier amount and a new one is on its way. */
  stale: boolean;
  problem: AmountProblem | null;
  message: string;
}

/**
 * The converter's state and rules (spec §4, §5): the pair (from the address, the saved draft or
 * the defaults), direction status, range and reserve, the amount typed on either side priced after
 * a pause with only the newest answer used, the quote renewed when it expires, and the draft kept
 * for ticket creation.
 */
export function useConverter() {
  const lang = useLanguage();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const queryClient = useQueryClient();
  const pagePath = usePagePath();
  const site = useSiteStatus();
  const promoFromUrl = cleanPromo(new URLSearchParams(location.search).get('promo'));
  // A page the server drew starts as the server drew it (the pair's minimum); the visitor's saved
  // draft is applied right after hydration, so the two pictures never disagree.
  const hydrated = useHydrated();
  const [draftRead] = useState(hydrated);
  const [state, dispatch] = useReducer(reducer, undefined, () =>
    initialState(draftRead ? loadDraft() : null, promoFromUrl, lang, draftRead),
  );
  useEffect(() => {
    const draft = draftRead ? null : loadDraft();
    if (draft) dispatch({ type: 'restore', state: initialState(draft, promoFromUrl, lang) });
  }, [draftRead, promoFromUrl, lang]);

  useEffect(() => {
    // The shell polls the site status; this joins its first call (or makes it, outside the shell).
    void knownSiteStatus();
  }, []);

  const [firstGuess] = useState(() => pairFromSegment(params.pair) ?? state.chosen ?? DEFAULT_PAIR);
  useEffect(() => {
    // The pair is nearly always known before the lists arrive: ask about it alongside them, not
    // after, so the whole form fills in at once instead of line by line.
    const { give, get } = firstGuess;
    // The range of a closed direction is a 409, an expected answer that would still be an error
    // line in the console: asked once the status says the direction is open.
    void queryClient
      .fetchQuery(directionStatusQueryOptions(give, get, state.fixed))
      .then((open) => (open ? queryClient.prefetchQuery(rangeQueryOptions(give, get, state.fixed)) : undefined))
      .catch(() => {});
    void queryClient.prefetchQuery(reserveQueryOptions(get));
    void queryClient.prefetchQuery(currencyMessageQueryOptions(give, 'give', lang));
    void queryClient.prefetchQuery(currencyMessageQueryOptions(get, 'get', lang));
  }, [firstGuess, queryClient, state.fixed, lang]);

  const giveList = useCurrencies('give', lang);
  const getList = useCurrencies('get', lang);
  const directionsList = useDirections().data;
  const directions = directionsList?.pairs;
  const urlPair = useMemo(() => pairFromSegment(params.pair), [params.pair]);
  const pair = useMemo(
    () => (giveList.data && getList.data ? resolvePair(giveList.data, getList.data, [urlPair, state.chosen]) : null),
    [giveList.data, getList.data, urlPair, state.chosen],
  );
  const key = pair ? pairKey(pair) : null;
  const giveCurrency = giveList.data?.find((c) => c.codeName === pair?.give);
  const getCurrency = getList.data?.find((c) => c.codeName === pair?.get);

  const status = useDirectionStatus(pair, state.fixed);
  const open = status.data === true;
  const range = useRange(pair, state.fixed, open);
  const reserve = useReserve(pair?.get ?? null, open);
  const giveMessage = useCurrencyMessage(pair?.give ?? null, 'give', lang);
  const getMessage = useCurrencyMessage(pair?.get ?? null, 'get', lang);

  // A new pair starts from its minimum (spec §4); a restored draft keeps its own amount. Set while
  // rendering (React's "adjusting state when a prop changes"), so the first picture — the server's
  // too — has the amount and its quote.
  const floor = range.data ? floorOf(range.data) : null;
  if (key && open && floor !== null && state.amountPair !== key) {
    dispatch({ type: 'set', pairKey: key, direction: 'sell', sum: floor, lang });
  }

  // Typing is priced once it pauses.
  useEffect(() => {
    const amount = amountOf(state.text);
    if (state.committed?.sum === amount && state.committed.direction === state.direction) return;
    const timer = setTimeout(() => dispatch({ type: 'commit' }), TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state.text, state.direction, state.committed]);

  const ready = key !== null && state.amountPair === key;
  const texts: ProblemTexts = {
    belowMin: t('exchange.belowMin'),
    aboveMax: t('exchange.aboveMax'),
    overLimit: t('exchange.overLimit'),
    limitOverflow: (amount) =>
      t('exchange.limitOverflow', { most: readable(amount, lang), valute: getCurrency?.valute ?? '' }),
  };
  const reserveAmount = reserve.data?.reserveAmount;
  const typed = ready ? amountOf(state.text) : '';
  const typingProblem = ready && open ? checkAmount(typed, state.direction, range.data, reserveAmount, texts) : null;
  const committed = ready ? state.committed : null;
  const pending = ready && (typed !== (state.committed?.sum ?? '') || state.direction !== state.committed?.direction);

  // An amount out of range is asked too: the refusal says what it comes to, shown on the other side.
  const request: QuoteRequest | null =
    pair && open && committed?.sum
      ? {
          give: pair.give,
          get: pair.get,
          sum: committed.sum,
          direction: committed.direction,
          fixed: state.fixed,
          promocode: state.promo,
        }
      : null;
  const quote = useQuery({ ...quoteQueryOptions(request ?? NO_REQUEST, lang), enabled: request !== null });
  const error = request ? quote.error : null;
  const refusal =
    error instanceof ApiError && error.status === 400 && committed
      ? classifyRefusal(sumMessages(error.parameterErrors), committed.direction, texts)
      : null;
  const estimate = refusal ? estimateOf(error) : null;
  const closedByQuote = error instanceof ApiError && error.status === 409;
  const failed = error !== null && !refusal && !closedByQuote;

  useEffect(() => {
    // The quote found the direction closed: ask its status again so the whole page agrees.
    if (closedByQuote && pair)
      void queryClient.invalidateQueries({ queryKey: converterKeys.status(pair.give, pair.get, state.fixed) });
  }, [closedByQuote, pair, state.fixed, queryClient]);

  useReportFailure(giveList.error ?? getList.error, 'the currency lists could not be loaded');
  useReportFailure(status.error, 'the direction status could not be loaded');
  useReportFailure(range.error ?? reserve.error, 'the range or reserve could not be loaded');
  useReportFailure(failed ? error : null, 'the amount could not be calculated', { notify: true });

  const unavailable = status.data === false || closedByQuote;
  const problem = typingProblem ?? (pending ? null : refusal);
  const result = request && !error && quote.data && !problem ? quote.data : null;
  const current = result && !quote.isPlaceholderData && !pending ? result : null;
  const calculating = pending || (request !== null && quote.isFetching);

  // The rate does not depend on the amount: the last one priced for this pair stays on show while
  // an amount is out of range or being typed.
  const rateKey = key ? `${key}:${state.fixed}:${state.promo}` : null;
  const [lastRate, setLastRate] = useState<{ key: string; quote: Quote } | null>(null);
  const latest = result?.quote ?? null;
  if (latest && rateKey && (lastRate?.quote !== latest || lastRate.key !== rateKey)) {
    setLastRate({ key: rateKey, quote: latest });
  }

  const otherSide = (side: Side): string => {
    if (!ready) return '';
    const sums = result?.quote ?? (!pending && problem ? estimate : null);
    return sums ? inputText(side === 'give' ? sums.giveSum : sums.getSum, lang) : '';
  };
  const sideView = (side: Side): SideView => {
    const typedHere = ready && (side === 'give') === (state.direction === 'sell');
    return {
      currency: side === 'give' ? giveCurrency : getCurrency,
      text: !ready || unavailable ? '' : typedHere ? state.text : otherSide(side),
      stale: !typedHere && result !== null && (quote.isPlaceholderData || pending),
      problem: problem?.side === side ? problem : null,
      message: (side === 'give' ? giveMessage.data : getMessage.data) ?? '',
    };
  };

  // The draft ticket creation reads (spec §3): written on every change, with the quote once there is one.
  useEffect(() => {
    if (!pair || !ready) return;
    const amount = amountOf(state.text);
    saveDraft({
      giveName: pair.give,
      getName: pair.get,
      giveSum: current?.quote.giveSum ?? (state.direction === 'sell' ? amount : ''),
      getSum: current?.quote.getSum ?? (state.direction === 'buy' ? amount : ''),
      direction: state.direction,
      useFixed: state.fixed,
      promocode: state.promo,
      quote: current?.quote ?? null,
    });
  }, [pair, ready, state.text, state.direction, state.fixed, state.promo, current]);

  const goTo = useCallback(
    (next: Pair) => {
      dispatch({ type: 'choose', pair: next });
      // The address's own query (a promo code) goes along; the widget's page names its own.
      navigate(
        { search: location.search, ...parsePath(pagePath(lang, 'home_with_currencies', { pair: pairKey(next) })) },
        { replace: true, preventScrollReset: true },
      );
    },
    [lang, location.search, navigate, pagePath],
  );

  const swappable =
    pair !== null && giveList.data !== undefined && getList.data !== undefined
      ? canSwap(pair, giveList.data, getList.data, directions)
      : false;

  return {
    lang,
    loading: giveList.isPending || getList.isPending,
    listsFailed: giveList.isError || getList.isError,
    retryLists: () => {
      void giveList.refetch();
      void getList.refetch();
    },
    giveList: giveList.data ?? [],
    getList: getList.data ?? [],
    pair,
    /** The address names a pair: its texts replace the page's defaults. */
    urlPair,
    checking: pair !== null && status.isPending,
    unavailable,
    /** The pair's working hours (Moscow time) when it keeps any: said when it is closed. */
    hours: pair ? (directionsList?.hours.get(directionKeyOf(pair.give, pair.get)) ?? null) : null,
    ready: ready && open,
    range: open ? range.data : undefined,
    reserve: open ? reserveAmount : undefined,
    give: sideView('give'),
    get: sideView('get'),
    direction: state.direction,
    fixed: state.fixed,
    promo: state.promo,
    quote: result?.quote ?? null,
    /** The rate, fee and discount to show: the current quote's, else the last one of this pair. */
    rateQuote: result?.quote ?? (lastRate && lastRate.key === rateKey && !unavailable ? lastRate.quote : null),
    /** The quote's timer on this device's clock, when the figures on screen are current. */
    timer: current ? { deadline: current.deadline, lifetimeMs: current.lifetimeMs } : null,
    calculating,
    failed,
    retry: () => void quote.refetch(),
    maintenance: site.known && !site.convertEnabled,
    // A promo code that does not apply would be refused at ticket creation: fix it or take it off first.
    canSubmit:
      current !== null && !current.quote.promoError && !calculating && !problem && !unavailable && site.convertEnabled,
    swappable,

    /** The pairs with a direction: the pickers mark currencies that do not go with the other side's. */
    directions,

    pick(side: Side, code: string) {
      if (!pair) return;
      const next = pickCurrency(pair, side, code, directions, (side === 'give' ? getList.data : giveList.data) ?? []);
      if (next.give !== pair.give || next.get !== pair.get) goTo(next);
    },
    swap() {
      if (pair && swappable) goTo({ give: pair.get, get: pair.give });
    },
    type(side: Side, raw: string) {
      const currency = side === 'give' ? giveCurrency : getCurrency;
      if (!key || !currency) return;
      dispatch({
        type: 'type',
        pairKey: key,
        direction: side === 'give' ? 'sell' : 'buy',
        text: cleanAmountInput(raw, currency.scale),
      });
    },
    /** Puts an amount in (the minimum, the maximum, the reserve) and prices it at once. */
    setAmount(side: Side, sum: string) {
      if (key) dispatch({ type: 'set', pairKey: key, direction: side === 'give' ? 'sell' : 'buy', sum, lang });
    },
    setFixed(fixed: boolean) {
      dispatch({ type: 'fixed', fixed });
    },
    applyPromo(code: string) {
      dispatch({ type: 'promo', code: cleanPromo(code) });
    },
    /** Keeps the draft with the quote and goes on to ticket creation (spec §4). */
    submit() {
      if (!pair || !current) return;
      saveDraft({
        giveName: pair.give,
        getName: pair.get,
        giveSum: current.quote.giveSum,
        getSum: current.quote.getSum,
        direction: state.direction,
        useFixed: state.fixed,
        promocode: state.promo,
        quote: current.quote,
      });
      navigate(pagePath(lang, 'ticket_create'));
    },
  };
}

export type Converter = ReturnType<typeof useConverter>;
