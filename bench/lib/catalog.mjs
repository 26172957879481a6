// What the running product offers, read through its public API: the currencies, the pairs open for
// exchange, amounts it quotes without refusing, and ticket bodies it accepts. The bench's varied
// requests are drawn from these, so they follow whatever the seed holds.
import { call, tryCall } from './api.mjs';
import { fromUnits } from './varied.mjs';

const EXCHANGE = '/api/v1/Exchange';
// Calculate's amounts run from a pair's minimum up to this many times it (capped at its maximum):
// wide enough that no two requests of a run ask the same sum, narrow enough for every reserve.
const SPAN_TIMES_MINIMUM = 20n;
const MAX_DECIMALS = 8;

/** "3000.5" with 2 decimals → 300050n (digits past `decimals` dropped). */
function toUnits(text, decimals) {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

export async function readCatalog(url) {
  const currencies = (await call(url, `${EXCHANGE}/get_currencies/give`)).map((c) => ({
    code: c.codeName,
    scale: c.scale,
    kind: c.kind,
  }));
  const allPairs = currencies.flatMap((give) =>
    currencies.filter((get) => get.code !== give.code).map((get) => ({ give, get })),
  );
  const statusPath = ({ give, get }) => `${EXCHANGE}/direction_status?giveName=${give.code}&getName=${get.code}`;
  const open = await Promise.all(allPairs.map((pair) => call(url, statusPath(pair))));
  return { currencies, allPairs, pairs: allPairs.filter((_, i) => open[i] === true) };
}

const quote = (url, json) => tryCall(url, `${EXCHANGE}/calculate`, { method: 'POST', json });

/**
 * For each open pair, its give amounts as whole smallest units: from the minimum of its range up to
 * twenty times it, both ends quoted by the product without a refusal (a reserve too small for the
 * top end drops the pair).
 */
export async function quotablePairs(url, pairs) {
  const found = await Promise.all(
    pairs.map(async ({ give, get }) => {
      const range = await call(url, `${EXCHANGE}/get_range?giveName=${give.code}&getName=${get.code}`);
      const decimals = Math.min(give.scale, MAX_DECIMALS);
      const min = toUnits(range.minSum, decimals);
      const max = toUnits(range.maxSum, decimals);
      const top = min * SPAN_TIMES_MINIMUM < max ? min * SPAN_TIMES_MINIMUM : max;
      const body = (units) => ({
        giveName: give.code,
        getName: get.code,
        sum: fromUnits(units, decimals),
        direction: 'sell',
      });
      if (!(await quote(url, body(min))) || !(await quote(url, body(top)))) return null;
      return {
        giveName: give.code,
        getName: get.code,
        minUnits: Number(min),
        spanUnits: Number(top - min) + 1,
        decimals,
      };
    }),
  );
  return found.filter(Boolean);
}

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * Ticket bodies as the converter sends them (a floating rate, the bitcoin to receive typed in):
 * every coin with no required field of its own, given for each amount of bitcoin, with the give
 * sum the product quotes for it now (it refuses sums that differ from its own, issue 6). All of
 * them hold bitcoin from the one reserve row. The email is left to each request.
 */
export async function ticketBodies(url, currencies, btcAmounts) {
  const coins = currencies.filter((c) => c.kind === 'crypto' && c.code !== 'BTC');
  const bodies = await Promise.all(
    coins.flatMap((coin) =>
      btcAmounts.map(async (amount) => {
        const quoted = await quote(url, { giveName: coin.code, getName: 'BTC', sum: amount, direction: 'buy' });
        return (
          quoted && {
            giveName: coin.code,
            getName: 'BTC',
            giveSum: quoted.giveSum,
            getSum: quoted.getSum,
            calcDirection: 'buy',
            useFixed: false,
            requisites: { give: {}, get: { walletAddress: BTC_ADDRESS } },
            agreeAml: true,
            agreeRules: true,
          }
        );
      }),
    ),
  );
  return bodies.filter(Boolean);
}

/** The id of the newest news item, for a news page to open. */
export async function newsItemId(url) {
  const page = await call(url, '/api/v1/news/?page=1');
  return page.items[0]?.id;
}
