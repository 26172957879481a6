import { type Decimal, toAmount, toInverseRate, toRate, trimAmount } from '@obmen/shared';
import type { Catalog } from '../exchange/exchange.catalog';
import type { ExchangeService } from '../exchange/exchange.service';

/** The two files monitors read: BestChange's legacy list, and its EREF 1.1 (`?v=1.1`). */
export type ExportFormat = 'legacy' | '1.1';

/**
 * BestChange's floating label may be used only where the rate of an order is fixed for 30 minutes
 * or less (bestchange.com/wiki/labels.html): a longer payment window is a fixed rate to a monitor.
 */
export const FLOATING_MAX_MINUTES = 30;

export interface RatesExportOptions {
  /** RATES_EXPORT_BARE_AMOUNTS: `minamount`/`maxamount` as bare numbers, without the currency's code. */
  bareAmounts?: boolean;
}

/** One direction as both formats say it; the formats differ only in how they write it down. */
interface ExportItem {
  from: string;
  to: string;
  /** The rate: `in` of `from` buys `out` of `to`; the side that is not 1 is the larger. */
  in: string;
  out: string;
  /** The free reserve of `to`, at its scale. */
  amount: string;
  /** What one order may be (exchange-quotes.service.ts `orderRange`): given, then got. */
  fromMin: string;
  fromMax: string;
  toMin: string;
  toMax: string;
  valute: string;
  /** A person sees the payment arrive or sends the payout (BestChange: manual or semiautomatic). */
  manual: boolean;
  cardverify: boolean;
  /** Minutes a ticket holds its rate, where that may be called floating; null: a fixed rate. */
  floatingMinutes: number | null;
}

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** An amount at its currency's scale without trailing zeros: a minimum rounded up, a maximum down. */
const least = (value: Decimal, scale: number) => trimAmount(toAmount(value, scale, 'up'));
const most = (value: Decimal, scale: number) => trimAmount(toAmount(value, scale, 'down'));

/**
 * Every enabled, available direction (design §7) an order can be made in now: the rate as in → out,
 * rounded so it never promises more than a quote gives; the reserve of `to`; the range an order
 * really has (the direction's, its top cut to the reserve share one ticket may take, issue 45);
 * `manual` unless nobody touches a ticket (issue 44); the floating label where BestChange allows it.
 */
async function exportItems(catalog: Catalog, exchange: ExchangeService): Promise<ExportItem[]> {
  const items: ExportItem[] = [];
  for (const { row } of catalog.get().directions.values()) {
    const pair = exchange.availablePair(row.giveCode, row.getCode);
    if (!pair) continue;
    const range = await exchange.orderRange(pair);
    if (!range) continue;
    const giveScale = pair.give.row.scale;
    const getScale = pair.get.row.scale;
    // toRate rounds down, toInverseRate up: out ÷ in is never above the rate a quote prices with.
    const [inText, outText] = range.rate.gte(1) ? ['1', toRate(range.rate)] : [toInverseRate(range.rate), '1'];
    const minutes = row.paymentWindowMinutes;
    items.push({
      from: row.giveCode,
      to: row.getCode,
      in: inText,
      out: outText,
      amount: toAmount(range.reserve, getScale, 'down'),
      fromMin: least(range.giveMin, giveScale),
      fromMax: most(range.giveMax, giveScale),
      toMin: least(range.getMin, getScale),
      toMax: most(range.getMax, getScale),
      valute: pair.give.row.valute,
      manual: exchange.directionIsManual(row.giveCode, row.getCode),
      cardverify: row.cardVerify && pair.give.row.kind === 'card',
      floatingMinutes: minutes <= FLOATING_MAX_MINUTES ? minutes : null,
    });
  }
  return items;
}

const head = (item: ExportItem) => [
  `    <from>${escapeXml(item.from)}</from>`,
  `    <to>${escapeXml(item.to)}</to>`,
  `    <in>${item.in}</in>`,
  `    <out>${item.out}</out>`,
  `    <amount>${item.amount}</amount>`,
];

/** 1.0's range in `from`: "3000 RUB", or the bare number for monitors that want one. */
function legacyRange(item: ExportItem, bare: boolean): string[] {
  const code = bare ? '' : ` ${escapeXml(item.valute)}`;
  return [`    <minamount>${item.fromMin}${code}</minamount>`, `    <maxamount>${item.fromMax}${code}</maxamount>`];
}

/** The legacy file: the range with its currency, the hold in minutes, the flags as a comma list. */
function legacyItem(item: ExportItem, bare: boolean): string[] {
  const params = [item.manual && 'manual', item.cardverify && 'cardverify'].filter(Boolean);
  return [
    ...head(item),
    ...legacyRange(item, bare),
    ...(item.floatingMinutes === null ? [] : [`    <floating>${item.floatingMinutes}</floating>`]),
    ...(params.length ? [`    <param>${params.join(', ')}</param>`] : []),
  ];
}

/**
 * EREF 1.1 (docs.bestchange.biz/release/1.1): the range as numbers on both sides, the hold as an
 * attribute, each flag an element of its own; then 1.0's `minamount`/`maxamount`, which 1.1 renamed
 * but BestChange's cabinet still reads.
 */
function eref11Item(item: ExportItem, bare: boolean): string[] {
  return [
    ...head(item),
    `    <frommin>${item.fromMin}</frommin>`,
    `    <frommax>${item.fromMax}</frommax>`,
    `    <tomin>${item.toMin}</tomin>`,
    `    <tomax>${item.toMax}</tomax>`,
    ...(item.floatingMinutes === null ? [] : [`    <floating minutes="${item.floatingMinutes}"/>`]),
    ...(item.manual ? ['    <manual>true</manual>'] : []),
    ...(item.cardverify ? ['    <cardverify>true</cardverify>'] : []),
    ...legacyRange(item, bare),
  ];
}

const OPENING: Record<ExportFormat, string> = {
  legacy: '<rates>',
  '1.1':
    '<rates xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://docs.bestchange.biz/schema/1.1.xsd">',
};

function writeXml(items: ExportItem[], format: ExportFormat, bare = false): string {
  const lines = items.map((item) =>
    ['  <item>', ...(format === 'legacy' ? legacyItem(item, bare) : eref11Item(item, bare)), '  </item>'].join('\n'),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${OPENING[format]}\n${lines.join('\n')}${lines.length ? '\n' : ''}</rates>\n`;
}

/**
 * The export as monitors poll it: built once per catalog version and second (what a quote is keyed
 * on too: prices go stale with time alone, reserves are re-read every 2 s), and shared by the
 * readers that ask while it is being built. Building it reads every direction (~17 ms for 180);
 * both formats are written from one reading.
 */
export function createRatesExport(
  catalog: Catalog,
  exchange: ExchangeService,
  { bareAmounts = false }: RatesExportOptions = {},
  now: () => number = Date.now,
) {
  let built: { version: number; second: number; files: Promise<Record<ExportFormat, Buffer>> } | null = null;
  return {
    /** The same Buffer for every reader of one build, so its ETag is hashed once (http/public-cache.ts). */
    async xml(format: ExportFormat = 'legacy'): Promise<Buffer> {
      const version = catalog.version();
      const second = Math.floor(now() / 1000);
      if (built?.version !== version || built.second !== second) {
        const files = exportItems(catalog, exchange).then((items) => ({
          legacy: Buffer.from(writeXml(items, 'legacy', bareAmounts)),
          '1.1': Buffer.from(writeXml(items, '1.1', bareAmounts)),
        }));
        const entry = { version, second, files };
        files.catch(() => {
          if (built === entry) built = null;
        });
        built = entry;
      }
      return (await built.files)[format];
    },
  };
}

/** What monitors are shown while exchanges are paused, or when the rates cannot be read: no directions. */
export const emptyRatesXml = (format: ExportFormat) => Buffer.from(writeXml([], format));
