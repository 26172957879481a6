// The product's cacheable reads the bench compares with a bare twin (bench/run.mjs, "reads").
export const EXCHANGE = '/api/v1/Exchange';
export const LANGS = ['ru', 'en'];

const pairQuery = ({ give, get }) => `giveName=${give.code}&getName=${get.code}`;

/**
 * The cacheable reads, each against a bare Fastify route sending the product's own bytes for the
 * same requests: the cost of the product's hooks and handler, not a race against the framework.
 * `paths` vary the call's parameters (its language, pair or currency) where it has any.
 */
export function cacheableReads() {
  return [
    ...['give', 'get'].map((side) => ({
      name: `get_currencies/${side}`,
      route: `${EXCHANGE}/get_currencies/:side`,
      paths: LANGS.map((lang) => `${EXCHANGE}/get_currencies/${side}?lang=${lang}`),
    })),
    {
      name: '/export/rates.xml',
      route: '/export/rates.xml',
      paths: ['/export/rates.xml'],
      // A 41 KB document that monitors poll: a thousand in flight outlast a slice (the line read
      // 0 req/s, nothing answered within it). Ten clients, one at a time, for both sides.
      load: { connections: 10, pipelining: 1 },
    },
  ];
}

/**
 * Answers of a few dozen bytes, against the same bare twin: the ratio is printed with no budget
 * (issue 43), as most of their time is the hooks every request rightly takes (request id, language,
 * ETag, Cache-Control), which the twin skips.
 */
export function smallReads({ currencies, allPairs, pairs }) {
  return [
    {
      name: 'get_range',
      route: `${EXCHANGE}/get_range`,
      paths: pairs.map((pair) => `${EXCHANGE}/get_range?${pairQuery(pair)}`),
    },
    {
      // Closed pairs too: their `false` is as much an answer as an open pair's `true`.
      name: 'direction_status',
      route: `${EXCHANGE}/direction_status`,
      paths: allPairs.map((pair) => `${EXCHANGE}/direction_status?${pairQuery(pair)}`),
    },
    {
      name: 'get_reserve',
      route: `${EXCHANGE}/get_reserve/:x`,
      paths: currencies.map((c) => `${EXCHANGE}/get_reserve/${c.code}`),
    },
  ];
}
