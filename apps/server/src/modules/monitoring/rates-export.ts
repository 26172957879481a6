import { Decimal, toAmount } from '@obmen/shared';
import type { Catalog } from '../exchange/exchange.catalog';
import type { ExchangeService } from '../exchange/exchange.service';

/** The two files monitors read: BestChange's legacy list, and its EREF 1.1 (`?v=1.1`). */
export type ExportFormat = 'legacy' | '1.1';

/** One direction as both formats say it; the formats differ only in how they write it down. */
interface ExportItem {
  from: string;
  to: string;
  in: Decimal;
  out: Decimal;
  /** The reserve of `to`, at its scale. */
  amount: string;
  min: Decimal;
  max: Decimal;
  valute: string;
  /** A person sees the payment arrive or sends the payout (BestChange: manual or semiautomatic). */
  manual: boolean;
  cardverify: boolean;
  /** Minutes a ticket holds its sums for payment; a payment after them is priced again. */
  holdMinutes: number;
}

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
 * Every enabled, available direction (design §7): the rate as in → out (the larger side is the
 * one that is not 1), the reserve of `to`, the range of `from`, and what a ticket really does:
 * `manual` unless the payment is watched on its chain and the payout goes out by itself (issue 44),
 * the minutes its sums are held.
 */
async function exportItems(catalog: Catalog, exchange: ExchangeService): Promise<ExportItem[]> {
  const items: ExportItem[] = [];
  for (const { row } of catalog.get().directions.values()) {
    const pair = exchange.availablePair(row.giveCode, row.getCode);
    if (!pair) continue;
    const rate = new Decimal(exchange.course(row.giveCode, row.getCode, false).rate);
    if (rate.lte(0)) continue;
    const [inAmount, outAmount] = rate.gte(1) ? [new Decimal(1), rate] : [new Decimal(1).div(rate), new Decimal(1)];
    const reserve = await catalog.reserve(row.getCode);
    items.push({
      from: row.giveCode,
      to: row.getCode,
      in: inAmount,
      out: outAmount,
      amount: toAmount(reserve, pair.get.row.scale, 'down'),
      min: pair.direction.threshold ?? pair.direction.minSum,
      max: pair.direction.maxSum,
      valute: pair.give.row.valute,
      manual: exchange.directionIsManual(row.giveCode, row.getCode),
      cardverify: pair.direction.row.cardVerify && pair.give.row.kind === 'card',
      holdMinutes: pair.direction.row.paymentWindowMinutes,
    });
  }
  return items;
}

const head = (item: ExportItem) => [
  `    <from>${escapeXml(item.from)}</from>`,
  `    <to>${escapeXml(item.to)}</to>`,
  `    <in>${plain(item.in)}</in>`,
  `    <out>${plain(item.out)}</out>`,
  `    <amount>${item.amount}</amount>`,
];

/** The legacy file: the range with its currency, the flags as a comma list, the hold in minutes. */
function legacyItem(item: ExportItem): string[] {
  const params = [item.manual && 'manual', item.cardverify && 'cardverify'].filter(Boolean);
  return [
    ...head(item),
    `    <minamount>${plain(item.min)} ${escapeXml(item.valute)}</minamount>`,
    `    <maxamount>${plain(item.max)} ${escapeXml(item.valute)}</maxamount>`,
    `    <floating>${item.holdMinutes}</floating>`,
    ...(params.length ? [`    <param>${params.join(', ')}</param>`] : []),
  ];
}

/** EREF 1.1: the range as numbers, the hold as an attribute, each flag an element of its own. */
function eref11Item(item: ExportItem): string[] {
  return [
    ...head(item),
    `    <frommin>${plain(item.min)}</frommin>`,
    `    <frommax>${plain(item.max)}</frommax>`,
    `    <floating minutes="${item.holdMinutes}"/>`,
    ...(item.manual ? ['    <manual>true</manual>'] : []),
    ...(item.cardverify ? ['    <cardverify>true</cardverify>'] : []),
  ];
}

const OPENING: Record<ExportFormat, string> = {
  legacy: '<rates>',
  '1.1':
    '<rates xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://docs.bestchange.biz/schema/1.1.xsd">',
};

function writeXml(items: ExportItem[], format: ExportFormat): string {
  const lines = items.map((item) =>
    ['  <item>', ...(format === 'legacy' ? legacyItem(item) : eref11Item(item)), '  </item>'].join('\n'),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${OPENING[format]}\n${lines.join('\n')}${lines.length ? '\n' : ''}</rates>\n`;
}

/**
 * The export as monitors poll it: built once per catalog version and second (what a quote is keyed
 * on too: prices go stale with time alone, reserves are re-read every 2 s), and shared by the
 * readers that ask while it is being built. Building it reads every direction (~17 ms for 180);
 * both formats are written from one reading.
 */
export function createRatesExport(catalog: Catalog, exchange: ExchangeService, now: () => number = Date.now) {
  let built: { version: number; second: number; files: Promise<Record<ExportFormat, Buffer>> } | null = null;
  return {
    /** The same Buffer for every reader of one build, so its ETag is hashed once (http/public-cache.ts). */
    async xml(format: ExportFormat = 'legacy'): Promise<Buffer> {
      const version = catalog.version();
      const second = Math.floor(now() / 1000);
      if (built?.version !== version || built.second !== second) {
        const files = exportItems(catalog, exchange).then((items) => ({
          legacy: Buffer.from(writeXml(items, 'legacy')),
          '1.1': Buffer.from(writeXml(items, '1.1')),
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

/** What monitors are shown while exchanges are paused: no directions. */
export const emptyRatesXml = (format: ExportFormat) => Buffer.from(writeXml([], format));
