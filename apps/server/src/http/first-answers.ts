import type { FastifyInstance } from 'fastify';
import { trimAmount } from '@obmen/shared/amount-text';
import { DEFAULT_PAIR, FIRST_ANSWERS_ID, firstAnswerKey, rangeFloor } from '@obmen/shared/first-answers';
import type { Lang } from '@obmen/shared/i18n';
import { PAIR_SEGMENT, type PageMatch, type PageRouteName } from '@obmen/shared/routing';

type Query = Record<string, string | boolean>;

const STATUS_PATH = '/api/v1/Exchange/direction_status';
const RANGE_PATH = '/api/v1/Exchange/get_range';
const SEO_PATH = '/api/v1/seo/getbytickers';
const directionQuery = ({ give, get }: { give: string; get: string }): Query => ({
  giveName: give,
  getName: get,
  useFixedDirection: false,
});

/**
 * The calls the converter makes first on a home or pair page (features/converter/api), for the
 * pair the address names or the default one: the lists, the pair's status, range and reserve, the
 * two currencies' notes, and a pair page's texts.
 */
export function converterFirstCalls(pair: { give: string; get: string }, withSeo: boolean): [string, Query][] {
  const { give, get } = pair;
  const direction = directionQuery(pair);
  return [
    ['/api/v1/Exchange/get_currencies/give', {}],
    ['/api/v1/Exchange/get_currencies/get', {}],
    [STATUS_PATH, direction],
    [RANGE_PATH, direction],
    [`/api/v1/Exchange/get_reserve/${encodeURIComponent(get)}`, {}],
    ['/api/v1/Exchange/get_currency_message', { currencyName: give, direction: 'give' }],
    ['/api/v1/Exchange/get_currency_message', { currencyName: get, direction: 'get' }],
    ...(withSeo ? [[SEO_PATH, { giveCode: give, getCode: get }] as [string, Query]] : []),
  ];
}

/** The pages that show one ticket: they carry its answer, so they are personal (never stored by caches). */
export const TICKET_PAGES: readonly PageRouteName[] = ['ticket_info', 'payment_info', 'card_check', 'card_verify'];

/** The site's status call (spec §4): 204 while exchanges are open, 503 with a notice while not. */
export const SITE_STATE_PATH = '/api/v1/SiteState';
/** The converter's quote call, asked with a form (features/converter/api/calculate.ts). */
export const CALCULATE_PATH = '/api/v1/Exchange/calculate';

/**
 * The converter's opening quote: the give side at the pair's minimum (spec §4), floating rate, no
 * promo code — the form the app sends for a new pair, in its field order.
 */
export function openingQuoteForm(pair: { give: string; get: string }, range: { minSum: string; threshold?: string }) {
  return {
    giveName: pair.give,
    getName: pair.get,
    // As the app's amount field keeps it: "3000.00" is asked as "3000".
    sum: trimAmount(rangeFloor(range)),
    direction: 'sell',
    useFixedDirection: false,
  };
}

/**
 * What a page carries of its first calls' answers (see FIRST_ANSWERS_ID): a JSON `<script>` to
 * put in its body. Every page carries the site's status (null while open, the notice while not),
 * which the app needs before its first render; the converter's pages also carry its first calls
 * and a visitor's opening quote, a ticket's pages a visitor's ticket. Each call is answered by
 * the API itself (`inject`), in the page's language; an answer that is not a 200 (an unknown
 * code) is left for the app to ask for and handle as usual, except a pair without texts, carried
 * as null.
 */
export function createFirstAnswers(app: FastifyInstance) {
  const ask = (path: string, lang: Lang, query: Query, form?: Query) => {
    const encode = (fields: Query) =>
      new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const search = encode(query);
    return app.inject({
      method: form ? 'POST' : 'GET',
      url: search ? `${path}?${search}` : path,
      headers: {
        'accept-language': lang,
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(form && { payload: encode(form) }),
    });
  };

  async function converterAnswers(
    match: PageMatch,
    lang: Lang,
    answers: Record<string, unknown>,
    siteOpen: Promise<boolean>,
  ) {
    if (match.name !== 'home' && match.name !== 'home_with_currencies') return;
    let pair: { give: string; get: string } = DEFAULT_PAIR;
    if (match.name === 'home_with_currencies') {
      const [, give, get] = PAIR_SEGMENT.exec(match.params.pair ?? '') ?? [];
      if (!give || !get) return;
      pair = { give: give.toUpperCase(), get: get.toUpperCase() };
    }
    const calls = converterFirstCalls(pair, match.name === 'home_with_currencies');
    await Promise.all(
      calls.map(async ([path, query]) => {
        const res = await ask(path, lang, query);
        if (res.statusCode === 200) answers[firstAnswerKey(lang, path, query)] = res.json();
        // A pair without texts: the app reads the 404 as "none" (features/converter/api/get-seo.ts).
        else if (res.statusCode === 404 && path === SEO_PATH) answers[firstAnswerKey(lang, path, query)] = null;
      }),
    );
    const direction = directionQuery(pair);
    const range = answers[firstAnswerKey(lang, RANGE_PATH, direction)] as
      { minSum: string; threshold?: string } | undefined;
    // No quote is priced while the site or the pair is closed: the app would not show it.
    if (answers[firstAnswerKey(lang, STATUS_PATH, direction)] !== true || !range || !(await siteOpen)) return;
    const form = openingQuoteForm(pair, range);
    const quote = await ask(CALCULATE_PATH, lang, {}, form);
    if (quote.statusCode === 200) answers[firstAnswerKey(lang, CALCULATE_PATH, form)] = quote.json();
  }

  async function ticketAnswer(match: PageMatch, lang: Lang, answers: Record<string, unknown>) {
    if (!TICKET_PAGES.includes(match.name) || !match.params.id) return;
    const path = `/api/v1/Tickets/${encodeURIComponent(match.params.id)}`;
    // Without a token: a visitor's ticket (anyone with the link sees it); a user's is refused
    // here and asked for by the app with the user's token.
    const res = await ask(path, lang, {});
    if (res.statusCode === 200) answers[firstAnswerKey(lang, path)] = res.json();
  }

  /** For the page the address matched (null: no page of the product, which carries the status only). */
  return async function firstAnswersOf(match: PageMatch | null, lang: Lang): Promise<string> {
    const answers: Record<string, unknown> = {};
    const siteOpen = ask(SITE_STATE_PATH, lang, {}).then((res) => {
      if (res.statusCode === 204) answers[firstAnswerKey(lang, SITE_STATE_PATH)] = null;
      else if (res.statusCode === 503) answers[firstAnswerKey(lang, SITE_STATE_PATH)] = res.json();
      return res.statusCode === 204;
    });
    await Promise.all([
      siteOpen,
      match && converterAnswers(match, lang, answers, siteOpen),
      match && ticketAnswer(match, lang, answers),
    ]);
    // `<` written as \u003c: an operator's note holding "</script>" cannot end the element.
    const json = JSON.stringify(answers).replace(/</g, '\\u003c');
    return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>`;
  };
}

export type FirstAnswersOf = ReturnType<typeof createFirstAnswers>;
