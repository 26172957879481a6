import { stringify } from 'csv-stringify/sync';
import {
  Decimal,
  PARTNER_KEY_TERMS,
  toAmount,
  type Lang,
  type PartnerReport,
  type PartnerReportRow,
  type partnerReportQuery,
  type Ticket,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { NotFoundError, ParameterError } from '../../http/errors';
import { scaleOf, type Catalog } from '../exchange/exchange.catalog';
import type { TicketsService } from '../tickets/tickets.service';
import { findKeyedTicket, listPartnerTickets, type ReportCursor, type ReportRow } from './partner-reports.repository';

type ReportQuery = Omit<z.output<typeof partnerReportQuery>, 'limit'> & { limit?: number };

const CSV_COLUMNS = [
  'id',
  'number',
  'createdAt',
  'updatedAt',
  'status',
  'channel',
  'giveCurrency',
  'giveSum',
  'getCurrency',
  'getSum',
  'payoutTxid',
  'refundTxid',
  'commissionUsd',
] as const satisfies readonly (keyof PartnerReportRow)[];

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab, a carriage return) as a formula (CSV
 * injection, OWASP): such a cell is written after a quote mark, which the spreadsheet shows as text.
 */
export const csvSafe = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const encodeCursor = ({ at, id }: ReportCursor) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

function decodeCursor(text: string): ReportCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value[0]) &&
      typeof value[1] === 'string' &&
      /^[\w-]{1,40}$/.test(value[1])
    ) {
      return { at: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the refusal: a cursor is only ever one this server wrote.
  }
  throw ParameterError.of({ cursor: 'validation.pattern' });
}

/** A partner's tickets by date range (issue 47): the keyed report, the area's list and its CSV, one ticket by id. */
export function createPartnerReports({ db, catalog, tickets }: { db: Db; catalog: Catalog; tickets: TicketsService }) {
  const toRow = ({ ticket, commissionUsd }: ReportRow): PartnerReportRow => {
    const snapshot = catalog.get();
    return {
      id: ticket.id,
      number: ticket.number,
      createdAt: ticket.createdAt.toISOString(),
      updatedAt: ticket.updatedAt.toISOString(),
      status: ticket.status,
      channel: ticket.channel,
      giveCurrency: ticket.giveCode,
      giveSum: toAmount(new Decimal(ticket.giveSum), scaleOf(snapshot, ticket.giveCode), 'up'),
      getCurrency: ticket.getCode,
      getSum: toAmount(new Decimal(ticket.getSum), scaleOf(snapshot, ticket.getCode), 'down'),
      payoutTxid: ticket.payoutReference,
      refundTxid: ticket.refundTxid,
      // Exact, every digit the charge was kept with (8 decimals), trailing zeros dropped.
      commissionUsd: commissionUsd === null ? null : new Decimal(commissionUsd).toFixed(),
    };
  };

  async function page(partnerId: string, query: ReportQuery): Promise<PartnerReport> {
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (!(from < to)) throw ParameterError.of({ to: 'validation.pattern' });
    const limit = query.limit ?? PARTNER_KEY_TERMS.maxReportPage;
    const cursor = query.cursor ? decodeCursor(query.cursor) : null;
    // One more than asked: whether there is a next page is known without a count.
    const rows = await listPartnerTickets(db, partnerId, { from, to }, cursor, limit + 1);
    const items = rows.slice(0, limit);
    return {
      items: items.map(toRow),
      nextCursor: rows.length > limit ? encodeCursor(items.at(-1)!.cursor) : null,
    };
  }

  return {
    page,

    /** The whole range as CSV, read a page at a time; the first line names the columns. */
    async csv(partnerId: string, range: { from: string; to: string }): Promise<string> {
      const records: PartnerReportRow[] = [];
      let cursor: string | undefined;
      do {
        const next = await page(partnerId, { ...range, ...(cursor && { cursor }) });
        records.push(...next.items);
        cursor = next.nextCursor ?? undefined;
      } while (cursor);
      return stringify(records, {
        header: true,
        columns: [...CSV_COLUMNS],
        cast: { string: csvSafe },
      });
    },

    /** One ticket made with one of the partner's keys, as its page shows it; any other is not found. */
    async ticket(partnerId: string, ref: string, lang: Lang): Promise<Ticket> {
      const row = await findKeyedTicket(db, partnerId, ref);
      if (!row) throw new NotFoundError('ticket.notFound');
      return tickets.view(row, lang);
    },
  };
}

export type PartnerReports = ReturnType<typeof createPartnerReports>;
