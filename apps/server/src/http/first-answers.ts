import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAIR, FIRST_ANSWERS_ID, firstAnswerKey } from '@obmen/shared/first-answers';
import type { Lang } from '@obmen/shared/i18n';
import { matchPageRoute, PAIR_SEGMENT } from '@obmen/shared/routing';

type Query = Record<string, string | boolean>;

/**
 * The calls the converter makes first on a home or pair page (features/converter/api), for the
 * pair the address names or the default one: the lists, the pair's status, range and reserve, the
 * two currencies' notes, and a pair page's texts.
 */
export function converterFirstCalls(pair: { give: string; get: string }, withSeo: boolean): [string, Query][] {
  const { give, get } = pair;
  const direction = { giveName: give, getName: get, useFixedDirection: false };
  return [
    ['/api/v1/Exchange/get_currencies/give', {}],
    ['/api/v1/Exchange/get_currencies/get', {}],
    ['/api/v1/Exchange/direction_status', direction],
    ['/api/v1/Exchange/get_range', direction],
    [`/api/v1/Exchange/get_reserve/${encodeURIComponent(get)}`, {}],
    ['/api/v1/Exchange/get_currency_message', { currencyName: give, direction: 'give' }],
    ['/api/v1/Exchange/get_currency_message', { currencyName: get, direction: 'get' }],
    ...(withSeo ? [['/api/v1/seo/getbytickers', { giveCode: give, getCode: get }] as [string, Query]] : []),
  ];
}

/**
 * What a page carries of its first calls' answers (see FIRST_ANSWERS_ID): a JSON `<script>` to
 * put in its body, or '' for a page whose first calls are not the converter's. Each call is
 * answered by the API itself (`inject`), in the page's language; an answer that is not a 200
 * (a pair without texts, an unknown code) is left for the app to ask for and handle as usual.
 */
export function createFirstAnswers(app: FastifyInstance) {
  return async function firstAnswersOf(pathname: string, lang: Lang): Promise<string> {
    const match = matchPageRoute(pathname);
    if (match?.name !== 'home' && match?.name !== 'home_with_currencies') return '';
    let pair: { give: string; get: string } = DEFAULT_PAIR;
    if (match.name === 'home_with_currencies') {
      const [, give, get] = PAIR_SEGMENT.exec(match.params.pair ?? '') ?? [];
      if (!give || !get) return '';
      pair = { give: give.toUpperCase(), get: get.toUpperCase() };
    }
    const answers: Record<string, unknown> = {};
    await Promise.all(
      converterFirstCalls(pair, match.name === 'home_with_currencies').map(async ([path, query]) => {
        const search = new URLSearchParams(
          Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString();
        const res = await app.inject({
          method: 'GET',
          url: search ? `${path}?${search}` : path,
          headers: { 'accept-language': lang },
        });
        if (res.statusCode === 200) answers[firstAnswerKey(lang, path, query)] = res.json();
      }),
    );
    // `<` written as \u003c: an operator's note holding "</script>" cannot end the element.
    const json = JSON.stringify(answers).replace(/</g, '\\u003c');
    return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>`;
  };
}

export type FirstAnswersOf = ReturnType<typeof createFirstAnswers>;
