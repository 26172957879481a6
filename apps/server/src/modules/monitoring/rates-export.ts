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
export async function buildRatesXml(catalog: Catalog, exchange: ExchangeService): Promise<string> {
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
