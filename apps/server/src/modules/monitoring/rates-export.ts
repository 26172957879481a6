import { Decimal, toAmount } from '@obmen/shared';
import type { Catalog } from '../exchange/exchange.catalog';
import type { ExchangeService } from '../exchange/exchange.service';

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Plain decimal text with a point and no trailing zeros: what monitors parse. */
const plain = (value: Decimal) =>
  value
    .toDecimalPlaces(12, Decimal.ROUND_DOWN)
    .toFixed()
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');

/**
 * The BestChange-format export (design §7): one item per enabled, available direction, the rate as
 * in → out (the larger side is the one that is not 1), the reserve of `to`, the range of `from`.
 * Our currency codes are the monitors' standard codes (docs/monitoring.md).
 */
async function buildRatesXml(catalog: Catalog, exchange: ExchangeService): Promise<string> {
  const items: string[] = [];
  for (const { row } of catalog.get().directions.values()) {
    const pair = exchange.availablePair(row.giveCode, row.getCode);
    if (!pair) continue;
    const rate = new Decimal(exchange.course(row.giveCode, row.getCode, false).rate);
    if (rate.lte(0)) continue;
    const [inAmount, outAmount] = rate.gte(1) ? [new Decimal(1), rate] : [new Decimal(1).div(rate), new Decimal(1)];
    const reserve = await catalog.reserve(row.getCode);
    const params = [
      pair.direction.row.manual && 'manual',
      'floating',
      pair.direction.row.cardVerify && pair.give.row.kind === 'card' && 'cardverify',
    ].filter(Boolean);
    const min = pair.direction.threshold ?? pair.direction.minSum;
    items.push(
      [
        '  <item>',
        `    <from>${escapeXml(row.giveCode)}</from>`,
        `    <to>${escapeXml(row.getCode)}</to>`,
        `    <in>${plain(inAmount)}</in>`,
        `    <out>${plain(outAmount)}</out>`,
        `    <amount>${toAmount(reserve, pair.get.row.scale)}</amount>`,
        `    <minamount>${plain(min)} ${escapeXml(pair.give.row.valute)}</minamount>`,
        `    <maxamount>${plain(pair.direction.maxSum)} ${escapeXml(pair.give.row.valute)}</maxamount>`,
        ...(params.length ? [`    <param>${params.join(', ')}</param>`] : []),
        '  </item>',
      ].join('\n'),
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n${items.join('\n')}${items.length ? '\n' : ''}</rates>\n`;
}

/**
 * The export as monitors poll it: built once per catalog version and second (what a quote is keyed
 * on too: prices go stale with time alone, reserves are re-read every 2 s), and shared by the
 * readers that ask while it is being built. Building it reads every direction (~17 ms for 180).
 */
export function createRatesExport(catalog: Catalog, exchange: ExchangeService, now: () => number = Date.now) {
  let built: { version: number; second: number; xml: Promise<Buffer> } | null = null;
  return {
    /** The same Buffer for every reader of one build, so its ETag is hashed once (http/public-cache.ts). */
    xml(): Promise<Buffer> {
      const version = catalog.version();
      const second = Math.floor(now() / 1000);
      if (built?.version !== version || built.second !== second) {
        const entry = { version, second, xml: buildRatesXml(catalog, exchange).then((xml) => Buffer.from(xml)) };
        entry.xml.catch(() => {
          if (built === entry) built = null;
        });
        built = entry;
      }
      return built.xml;
    },
  };
}

/** What monitors are shown while exchanges are paused: no directions. */
export const EMPTY_RATES_XML = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n</rates>\n');
