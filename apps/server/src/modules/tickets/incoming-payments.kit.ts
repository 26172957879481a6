// What the incoming-payment tests share (incoming-payments*.test.ts): an app per file, tickets,
// payments seen, and what they left behind.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { Decimal } from '@obmen/shared';
import { consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { outbox, reserves, ticketHistory, tickets } from '../../db/schema';
import type { IncomingPayment } from './incoming-payments.service';

export let ctx: TestContext;
export let roles: Awaited<ReturnType<typeof consoleRoles>>;

/** One app for the test file that calls it, its console roles made. */
export function usePaymentApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    roles = await consoleRoles(ctx);
  });
  afterAll(() => ctx.close());
}

export const TX = (n: number) => n.toString(16).padStart(64, 'a');
/** The transaction hash a test is on: `txs.n += 1` moves to a new one, `TX(txs.n)` names it. */
export const txs = { n: 1 };
export const unique = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@ex.com`;

export interface Shown {
  id: string;
  number: number;
  status: string;
  give: { sum: string };
  get: { sum: string };
  payments: { txid: string; confirmations: number; required: number; gone: boolean; url: string | null }[];
  paymentProblem: string | null;
  received: string | null;
  refundAddress: string | null;
  refundTxid: string | null;
  refundTxidUrl: string | null;
}

export const newTicket = async (getSum = '0.01', extra: Record<string, unknown> = {}) => {
  const res = await createTicket(ctx, usdtToBtc(getSum, { email: unique('pay'), ...extra }));
  expect(res.statusCode).toBe(200);
  return res.json() as Shown;
};
export const seen = (ticket: Shown, amount: string, confirmations: number, more: Partial<IncomingPayment> = {}) => ({
  ticketId: ticket.id,
  txid: TX(txs.n),
  amount,
  confirmations,
  required: 20,
  seenAt: new Date(),
  gone: false,
  ...more,
});
export const record = (obs: IncomingPayment) => ctx.app.services.payments.recordIncomingPayment(obs);
/** The ticket's window, opened 31 minutes ago, passed a minute ago. */
export const passWindow = (id: string) =>
  ctx.database.db
    .update(tickets)
    .set({ createdAt: new Date(Date.now() - 31 * 60_000), paymentDeadline: new Date(Date.now() - 60_000) })
    .where(eq(tickets.id, id));
/**
 * A payment sent within the window that counts once it passed: the total is judged then (within
 * the window a short one waits for the rest, issue 42).
 */
export async function recordAtDeadline(ticket: Shown, amount: string) {
  await passWindow(ticket.id);
  return record(seen(ticket, amount, 20, { seenAt: new Date(Date.now() - 10 * 60_000) }));
}
export const view = async (id: string, lang = 'ru') =>
  (await ctx.app.inject({ url: `/api/v1/Tickets/${id}`, headers: { 'accept-language': lang } })).json() as Shown;
export const held = async (code: string) =>
  new Decimal((await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, code)))[0]!.held);
export const historyOf = (id: string) =>
  ctx.database.db
    .select()
    .from(ticketHistory)
    .where(eq(ticketHistory.ticketId, id))
    .orderBy(asc(ticketHistory.createdAt));
export const mailsTo = async (email: string) =>
  ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(asc(outbox.createdAt));
export const emailOf = async (id: string) =>
  (await ctx.database.db.select({ email: tickets.email }).from(tickets).where(eq(tickets.id, id)))[0]!.email;
