import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ADMIN_TICKET_ACTIONS,
  adminCurrencyPatch,
  adminDirectionPatch,
  adminDiscountBands,
  adminListQuery,
  adminNewsBody,
  adminPageBody,
  adminPayoutPay,
  adminPayoutReject,
  adminPriceUpdate,
  adminPromoIssue,
  adminReserveUpdate,
  adminSeoBody,
  adminTicketAction,
  adminTicketQuery,
  adminUserPatch,
  PAGE_SLUGS,
  siteStateUpdate,
  ticketIdParams,
} from '@obmen/shared';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/database';
import {
  currencies,
  directions,
  discountBands,
  news,
  pages,
  prices,
  reserves,
  seoPairs,
  sessions,
  users,
} from '../../db/schema';
import { NotFoundError } from '../../http/errors';
import type { AuthGuards } from '../accounts/auth-guards';
import type { CardCheckService } from '../card-check/card-check.service';
import type { Catalog } from '../exchange/exchange.catalog';
import type { PromoService } from '../promo/promo.service';
import type { ReferralService } from '../referral/referral.service';
import type { SiteStateService } from '../site-state/site-state.service';
import { findTicket } from '../tickets/tickets.repository';
import type { TicketsService } from '../tickets/tickets.service';
import {
  listAllBands,
  listAllCurrencies,
  listAllDirections,
  listAllFaq,
  listAllNews,
  listAllPages,
  listAllPrices,
  listAllReserves,
  listAllSeo,
  listAudit,
  listOutbox,
  listPayoutsForOperators,
  searchPromoCodes,
  searchTickets,
  searchUsers,
  ticketHistoryOf,
  writeAudit,
} from './admin.repository';

export interface AdminDeps {
  db: Db;
  guards: AuthGuards;
  catalog: Catalog;
  tickets: TicketsService;
  cardCheck: CardCheckService;
  referral: ReferralService;
  promo: PromoService;
  siteState: SiteStateService;
}

const code = z.object({ code: z.string().regex(/^[A-Z0-9]{2,20}$/) });
const pair = z.object({ give: z.string().regex(/^[A-Z0-9]{2,20}$/), get: z.string().regex(/^[A-Z0-9]{2,20}$/) });
const uuidParam = z.object({ id: z.uuid() });

/**
 * The operator console's API (design §6): operators run tickets, payouts, prices, reserves and the
 * site state; admins also the set-up, people and content. Every change is audited.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  const { db, guards, catalog, tickets } = deps;
  // onRequest, not preHandler: who is asking is settled before any body is parsed or validated.
  const operator = { onRequest: guards.requireRole('operator') };
  const admin = { onRequest: guards.requireRole('admin') };

  /** One audited change: the write and its audit row commit together. */
  async function change<T>(
    request: FastifyRequest,
    what: { action: string; resource: string; resourceId: string; before: unknown },
    write: (tx: DbOrTx) => Promise<T>,
  ): Promise<T> {
    const user = request.user!;
    return db.transaction(async (tx) => {
      const after = await write(tx);
      await writeAudit(tx, { actorId: user.id, actorName: user.username, ...what, after });
      return after;
    });
  }

  // Tickets
  app.get('/api/admin/tickets', { ...operator, schema: { querystring: adminTicketQuery } }, async (request) => {
    const { status, q, page, perPage } = request.query;
    return searchTickets(db, { status, q }, page, perPage);
  });

  app.get('/api/admin/tickets/:id', { ...operator, schema: { params: ticketIdParams } }, async (request) => {
    const ticket = await findTicket(db, request.params.id);
    if (!ticket) throw new NotFoundError('ticket.notFound');
    return { ...(await tickets.view(ticket, request.lang)), raw: ticket, audit: await ticketHistoryOf(db, ticket.id) };
  });

  app.post(
    '/api/admin/tickets/:id/:action',
    {
      ...operator,
      schema: { params: ticketIdParams.extend({ action: z.enum(ADMIN_TICKET_ACTIONS) }), body: adminTicketAction },
    },
    async (request) => {
      const { id, action } = request.params;
      const updated = await tickets.transition(id, action, {
        actor: `operator:${request.user!.id}`,
        note: request.body.note ?? null,
        payoutReference: request.body.payoutReference ?? null,
        refundNote: request.body.refundNote ?? null,
      });
      await writeAudit(db, {
        actorId: request.user!.id,
        actorName: request.user!.username,
        action: `ticket.${action}`,
        resource: 'tickets',
        resourceId: id,
        before: null,
        after: { status: updated.status, note: request.body.note ?? null },
      });
      return tickets.view(updated, request.lang);
    },
  );

  app.get(
    '/api/admin/tickets/:id/card-image',
    { ...operator, schema: { params: ticketIdParams } },
    async (request, reply) => {
      const image = await deps.cardCheck.image(request.params.id, null, true);
      if (!image) throw new NotFoundError();
      return reply.type('image/jpeg').header('cache-control', 'private, no-store').send(image);
    },
  );

  // Exchange set-up
  app.get('/api/admin/currencies', operator, async () => listAllCurrencies(db));
  app.patch(
    '/api/admin/currencies/:code',
    { ...admin, schema: { params: code, body: adminCurrencyPatch } },
    async (request) => {
      const before = catalog.get().currencies.get(request.params.code)?.row;
      if (!before) throw new NotFoundError('exchange.unknownCurrency');
      const after = await change(
        request,
        { action: 'update', resource: 'currencies', resourceId: before.code, before },
        async (tx) => {
          const [row] = await tx
            .update(currencies)
            .set({ ...request.body, updatedAt: sql`now()` })
            .where(eq(currencies.code, before.code))
            .returning();
          return row;
        },
      );
      await catalog.changed();
      return after;
    },
  );

  app.get('/api/admin/directions', operator, async () => listAllDirections(db));
  app.patch(
    '/api/admin/directions/:give/:get',
    { ...operator, schema: { params: pair, body: adminDirectionPatch } },
    async (request) => {
      const { give, get } = request.params;
      const before = catalog.get().directions.get(`${give}>${get}`)?.row;
      if (!before) throw new NotFoundError();
      const after = await change(
        request,
        { action: 'update', resource: 'directions', resourceId: `${give}>${get}`, before },
        async (tx) => {
          const [row] = await tx
            .update(directions)
            .set({ ...request.body, updatedAt: sql`now()` })
            .where(and(eq(directions.giveCode, give), eq(directions.getCode, get)))
            .returning();
          return row;
        },
      );
      await catalog.changed();
      return after;
    },
  );

  app.get('/api/admin/prices', operator, async () => listAllPrices(db));
  app.put(
    '/api/admin/prices/:code',
    { ...operator, schema: { params: code, body: adminPriceUpdate } },
    async (request) => {
      const before = (await listAllPrices(db)).find((p) => p.currencyCode === request.params.code);
      if (!before) throw new NotFoundError('exchange.unknownCurrency');
      const after = await change(
        request,
        { action: 'update', resource: 'prices', resourceId: request.params.code, before },
        async (tx) => {
          const [row] = await tx
            .update(prices)
            .set({
              usdPrice: request.body.usdPrice,
              source: 'static',
              ...(request.body.maxAgeSeconds !== undefined && { maxAgeSeconds: request.body.maxAgeSeconds }),
              updatedAt: sql`now()`,
            })
            .where(eq(prices.currencyCode, request.params.code))
            .returning();
          return row;
        },
      );
      await catalog.changed();
      return after;
    },
  );

  app.get('/api/admin/reserves', operator, async () => listAllReserves(db));
  app.put(
    '/api/admin/reserves/:code',
    { ...operator, schema: { params: code, body: adminReserveUpdate } },
    async (request) => {
      const before = (await listAllReserves(db)).find((r) => r.currencyCode === request.params.code);
      if (!before) throw new NotFoundError('exchange.unknownCurrency');
      const after = await change(
        request,
        { action: 'update', resource: 'reserves', resourceId: request.params.code, before },
        async (tx) => {
          const [row] = await tx
            .update(reserves)
            .set({ balance: request.body.balance, updatedAt: sql`now()` })
            .where(eq(reserves.currencyCode, request.params.code))
            .returning();
          return row;
        },
      );
      catalog.forgetReserve(request.params.code);
      return after;
    },
  );

  app.get('/api/admin/discount-bands', operator, async () => listAllBands(db));
  app.put('/api/admin/discount-bands', { ...admin, schema: { body: adminDiscountBands } }, async (request) => {
    const before = await listAllBands(db);
    const after = await change(
      request,
      { action: 'replace', resource: 'discount-bands', resourceId: '*', before },
      async (tx) => {
        await tx.delete(discountBands);
        return tx.insert(discountBands).values(request.body.bands).returning();
      },
    );
    await catalog.changed();
    return after;
  });

  app.get('/api/admin/seo', operator, async () => listAllSeo(db));
  app.put('/api/admin/seo/:give/:get', { ...admin, schema: { params: pair, body: adminSeoBody } }, async (request) => {
    const { give, get } = request.params;
    const before = (await listAllSeo(db)).find((s) => s.giveCode === give && s.getCode === get) ?? null;
    return change(request, { action: 'upsert', resource: 'seo', resourceId: `${give}>${get}`, before }, async (tx) => {
      const [row] = await tx
        .insert(seoPairs)
        .values({ giveCode: give, getCode: get, ...request.body })
        .onConflictDoUpdate({
          target: [seoPairs.giveCode, seoPairs.getCode],
          set: { ...request.body, updatedAt: sql`now()` },
        })
        .returning();
      return row;
    });
  });

  app.get('/api/admin/site-state', operator, async () => deps.siteState.update({}));
  app.put('/api/admin/site-state', { ...operator, schema: { body: siteStateUpdate } }, async (request) => {
    const before = await deps.siteState.read();
    const after = await deps.siteState.update(request.body);
    await writeAudit(db, {
      actorId: request.user!.id,
      actorName: request.user!.username,
      action: 'update',
      resource: 'site-state',
      resourceId: '1',
      before: before ?? null,
      after,
    });
    return after;
  });

  // People and money
  app.get('/api/admin/users', { ...admin, schema: { querystring: adminListQuery } }, async (request) =>
    searchUsers(db, request.query.q, request.query.page, request.query.perPage),
  );
  app.patch(
    '/api/admin/users/:id',
    { ...admin, schema: { params: uuidParam, body: adminUserPatch } },
    async (request) => {
      const [before] = await db
        .select({ role: users.role, blocked: users.blocked })
        .from(users)
        .where(eq(users.id, request.params.id));
      if (!before) throw new NotFoundError();
      return change(
        request,
        { action: 'update', resource: 'users', resourceId: request.params.id, before },
        async (tx) => {
          const [row] = await tx
            .update(users)
            .set({ ...request.body, updatedAt: sql`now()` })
            .where(eq(users.id, request.params.id))
            .returning({ id: users.id, username: users.username, role: users.role, blocked: users.blocked });
          // A blocked user is logged out everywhere at once.
          if (request.body.blocked) await tx.delete(sessions).where(eq(sessions.userId, request.params.id));
          return row;
        },
      );
    },
  );

  app.get('/api/admin/promo-codes', { ...admin, schema: { querystring: adminListQuery } }, async (request) =>
    searchPromoCodes(db, request.query.q, request.query.page, request.query.perPage),
  );
  app.post('/api/admin/promo-codes', { ...admin, schema: { body: adminPromoIssue } }, async (request) => {
    const { username, count, valueRub, minRub, expiresAt } = request.body;
    let userId: string | null = null;
    if (username) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
      if (!row) throw new NotFoundError();
      userId = row.id;
    }
    const issued = await deps.promo.issue({
      userId,
      count,
      valueRub,
      minRub,
      expiresAt: expiresAt ? new Date(expiresAt) : null,
    });
    await writeAudit(db, {
      actorId: request.user!.id,
      actorName: request.user!.username,
      action: 'issue',
      resource: 'promo-codes',
      resourceId: username ?? '*',
      before: null,
      after: { count, valueRub, minRub, codes: issued.map((p) => p.code) },
    });
    return issued;
  });

  app.get(
    '/api/admin/payouts',
    {
      ...operator,
      schema: { querystring: adminListQuery.extend({ status: z.enum(['pending', 'paid', 'rejected']).optional() }) },
    },
    async (request) => listPayoutsForOperators(db, request.query.status, request.query.page, request.query.perPage),
  );
  app.post(
    '/api/admin/payouts/:id/pay',
    { ...operator, schema: { params: uuidParam, body: adminPayoutPay } },
    async (request) => {
      const payout = await deps.referral.markPaid(request.params.id, request.body.reference);
      await writeAudit(db, {
        actorId: request.user!.id,
        actorName: request.user!.username,
        action: 'pay',
        resource: 'payouts',
        resourceId: request.params.id,
        before: { status: 'pending' },
        after: payout,
      });
      return payout;
    },
  );
  app.post(
    '/api/admin/payouts/:id/reject',
    { ...operator, schema: { params: uuidParam, body: adminPayoutReject } },
    async (request) => {
      const payout = await deps.referral.reject(request.params.id, request.body.reason);
      await writeAudit(db, {
        actorId: request.user!.id,
        actorName: request.user!.username,
        action: 'reject',
        resource: 'payouts',
        resourceId: request.params.id,
        before: { status: 'pending' },
        after: payout,
      });
      return payout;
    },
  );

  app.get('/api/admin/outbox', { ...operator, schema: { querystring: adminListQuery } }, async (request) =>
    listOutbox(db, request.query.page, request.query.perPage),
  );
  app.get('/api/admin/audit', { ...admin, schema: { querystring: adminListQuery } }, async (request) =>
    listAudit(db, request.query.page, request.query.perPage),
  );

  // Content
  app.get('/api/admin/news', { ...admin, schema: { querystring: adminListQuery } }, async (request) =>
    listAllNews(db, request.query.page, request.query.perPage),
  );
  app.post('/api/admin/news', { ...admin, schema: { body: adminNewsBody } }, async (request) =>
    change(request, { action: 'create', resource: 'news', resourceId: request.body.slug, before: null }, async (tx) => {
      const [row] = await tx
        .insert(news)
        .values({ ...request.body, publishedAt: new Date(request.body.publishedAt) })
        .returning();
      return row;
    }),
  );
  app.put(
    '/api/admin/news/:id',
    { ...admin, schema: { params: z.object({ id: z.coerce.number().int().positive() }), body: adminNewsBody } },
    async (request) => {
      const [before] = await db.select().from(news).where(eq(news.id, request.params.id));
      if (!before) throw new NotFoundError();
      return change(
        request,
        { action: 'update', resource: 'news', resourceId: String(before.id), before },
        async (tx) => {
          const [row] = await tx
            .update(news)
            .set({ ...request.body, publishedAt: new Date(request.body.publishedAt), updatedAt: sql`now()` })
            .where(eq(news.id, before.id))
            .returning();
          return row;
        },
      );
    },
  );

  app.get('/api/admin/pages', admin, async () => ({ pages: await listAllPages(db), faq: await listAllFaq(db) }));
  app.put(
    '/api/admin/pages/:slug',
    { ...admin, schema: { params: z.object({ slug: z.enum(PAGE_SLUGS) }), body: adminPageBody } },
    async (request) => {
      const [before] = await db.select().from(pages).where(eq(pages.slug, request.params.slug));
      return change(
        request,
        { action: 'upsert', resource: 'pages', resourceId: request.params.slug, before: before ?? null },
        async (tx) => {
          const [row] = await tx
            .insert(pages)
            .values({ slug: request.params.slug, ...request.body })
            .onConflictDoUpdate({ target: pages.slug, set: { ...request.body, updatedAt: sql`now()` } })
            .returning();
          return row;
        },
      );
    },
  );
};
