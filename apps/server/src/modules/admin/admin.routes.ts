import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_TICKET_ACTIONS,
  adminAuditQuery,
  adminAuditSchema,
  adminCurrencyCreate,
  adminCurrencyPatch,
  adminCurrencySchema,
  adminDirectionCreate,
  adminDirectionPatch,
  adminDirectionSchema,
  adminDiscountBands,
  adminFaqBody,
  adminHoldsCancel,
  adminHoldsSchema,
  adminListQuery,
  adminNewsBody,
  adminNewsId,
  adminNewsSchema,
  adminOutboxSchema,
  adminPageBody,
  adminPageSchema,
  adminPagesSchema,
  adminPairParams,
  adminPayoutPay,
  adminPayoutQuery,
  adminPayoutReject,
  adminPayoutSchema,
  adminPreviewBody,
  adminPreviewSchema,
  adminPriceListSchema,
  adminPriceSchema,
  adminPriceUpdate,
  adminPromoIssue,
  adminPromoQuery,
  adminPromoSchema,
  adminReserveSchema,
  adminReserveUpdate,
  adminSeoBody,
  adminSeoSchema,
  adminSiteStateSchema,
  adminAwaitingPaymentSchema,
  adminTicketLimitsSchema,
  adminTicketLimitsUpdate,
  adminTicketAction,
  adminTicketPayment,
  adminTicketDetailSchema,
  adminTicketListSchema,
  adminTicketQuery,
  adminUserPatch,
  adminUserQuery,
  adminUserSchema,
  PAGE_SLUGS,
  paged,
  siteStateUpdate,
  ticketIdParams,
} from '@obmen/shared';
import { NotFoundError } from '../../http/errors';
import type { AuthGuards } from '../accounts/auth-guards';
import type { TicketHoldsService } from '../tickets/ticket-holds.service';
import type { Actor, AdminService } from './admin.service';

export interface AdminDeps {
  guards: AuthGuards;
  admin: AdminService;
  holds: TicketHoldsService;
}

const code = z.object({ code: z.string().regex(/^[A-Z0-9]{2,20}$/) });
const uuidParam = z.object({ id: z.uuid() });
const bands = z.array(z.object({ minTurnoverUsd: z.string(), percent: z.string() }));
const faqList = adminPagesSchema.shape.faq;
const updatedUser = adminUserSchema.pick({ id: true, username: true, role: true, blocked: true });

const actor = (request: FastifyRequest): Actor => ({ id: request.user!.id, username: request.user!.username });

/**
 * The operator console's API (design §6). Operators run the day: tickets, directions, prices,
 * reserves, the site state, payouts and the outbox. Admins also set up currencies, new directions
 * and discounts, manage people and promo codes, edit the content and read the audit
 * (docs/decisions.md; admin.routes.test.ts holds the same split and checks every route against it).
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { guards, admin, holds }) => {
  // onRequest, not preHandler: who is asking is settled before any body is parsed or validated.
  const operator = { onRequest: guards.requireRole('operator') };
  const adminOnly = { onRequest: guards.requireRole('admin') };

  // ——— Tickets ———
  app.get(
    '/api/admin/tickets',
    { ...operator, schema: { querystring: adminTicketQuery, response: { 200: adminTicketListSchema } } },
    async ({ query }) => admin.ticketQueue({ status: query.status, q: query.q }, query),
  );
  app.get(
    '/api/admin/tickets/:id',
    { ...operator, schema: { params: ticketIdParams, response: { 200: adminTicketDetailSchema } } },
    async (request) => admin.ticketDetail(request.params.id, request.lang),
  );
  app.post(
    '/api/admin/tickets/:id/:action',
    {
      ...operator,
      schema: {
        params: ticketIdParams.extend({ action: z.enum(ADMIN_TICKET_ACTIONS) }),
        body: adminTicketAction,
        response: { 200: adminTicketDetailSchema },
      },
    },
    async (request) =>
      admin.ticketAction(actor(request), request.params.id, request.params.action, request.body, request.lang),
  );
  app.post(
    '/api/admin/tickets/:id/payment',
    {
      ...operator,
      schema: { params: ticketIdParams, body: adminTicketPayment, response: { 200: adminTicketDetailSchema } },
    },
    async (request) => {
      await admin.recordPayment(actor(request), request.params.id, request.body);
      return admin.ticketDetail(request.params.id, request.lang);
    },
  );
  app.get(
    '/api/admin/tickets/:id/card-image',
    { ...operator, schema: { params: ticketIdParams } },
    async (request, reply) => {
      const image = await admin.cardImage(request.params.id);
      if (!image) throw new NotFoundError();
      return reply.type('image/jpeg').header('cache-control', 'private, no-store').send(image);
    },
  );

  // ——— Exchange set-up ———
  app.get('/api/admin/currencies', { ...operator, schema: { response: { 200: z.array(adminCurrencySchema) } } }, () =>
    admin.currencies(),
  );
  app.post(
    '/api/admin/currencies',
    { ...adminOnly, schema: { body: adminCurrencyCreate, response: { 200: adminCurrencySchema } } },
    async (request) => admin.createCurrency(actor(request), request.body),
  );
  app.patch(
    '/api/admin/currencies/:code',
    { ...adminOnly, schema: { params: code, body: adminCurrencyPatch, response: { 200: adminCurrencySchema } } },
    async (request) => admin.updateCurrency(actor(request), request.params.code, request.body),
  );

  app.get('/api/admin/directions', { ...operator, schema: { response: { 200: z.array(adminDirectionSchema) } } }, () =>
    admin.directions(),
  );
  app.post(
    '/api/admin/directions',
    { ...adminOnly, schema: { body: adminDirectionCreate, response: { 200: adminDirectionSchema } } },
    async (request) => admin.createDirection(actor(request), request.body),
  );
  app.patch(
    '/api/admin/directions/:give/:get',
    {
      ...operator,
      schema: { params: adminPairParams, body: adminDirectionPatch, response: { 200: adminDirectionSchema } },
    },
    async (request) => admin.updateDirection(actor(request), request.params.give, request.params.get, request.body),
  );

  app.get('/api/admin/prices', { ...operator, schema: { response: { 200: adminPriceListSchema } } }, () =>
    admin.prices(),
  );
  app.put(
    '/api/admin/prices/:code',
    { ...operator, schema: { params: code, body: adminPriceUpdate, response: { 200: adminPriceSchema } } },
    async (request) => admin.setPrice(actor(request), request.params.code, request.body),
  );
  app.post(
    '/api/admin/prices/:code/release',
    { ...operator, schema: { params: code, response: { 200: adminPriceSchema } } },
    async (request) => admin.releasePrice(actor(request), request.params.code),
  );

  app.get('/api/admin/reserves', { ...operator, schema: { response: { 200: z.array(adminReserveSchema) } } }, () =>
    admin.reserves(),
  );
  app.put(
    '/api/admin/reserves/:code',
    { ...operator, schema: { params: code, body: adminReserveUpdate, response: { 200: adminReserveSchema } } },
    async (request) => admin.setReserve(actor(request), request.params.code, request.body.balance),
  );

  // ——— What one client may hold (issue 33) ———
  app.get('/api/admin/ticket-limits', { ...operator, schema: { response: { 200: adminTicketLimitsSchema } } }, () =>
    holds.limits(),
  );
  app.put(
    '/api/admin/ticket-limits',
    { ...operator, schema: { body: adminTicketLimitsUpdate, response: { 200: adminTicketLimitsSchema } } },
    async (request) => holds.setLimits(actor(request), request.body),
  );
  app.get('/api/admin/holds', { ...operator, schema: { response: { 200: adminHoldsSchema } } }, () => holds.holds());
  app.post(
    '/api/admin/holds/cancel',
    {
      ...operator,
      schema: { body: adminHoldsCancel, response: { 200: z.object({ cancelled: z.number().int() }) } },
    },
    async (request) => holds.cancelAll(actor(request), request.body),
  );

  app.get('/api/admin/discount-bands', { ...operator, schema: { response: { 200: bands } } }, () => admin.bands());
  app.put(
    '/api/admin/discount-bands',
    { ...adminOnly, schema: { body: adminDiscountBands, response: { 200: bands } } },
    async (request) => admin.replaceBands(actor(request), request.body.bands),
  );

  app.get('/api/admin/site-state', { ...operator, schema: { response: { 200: adminSiteStateSchema } } }, () =>
    admin.siteState(),
  );
  app.get(
    '/api/admin/site-state/awaiting-payment',
    { ...operator, schema: { response: { 200: adminAwaitingPaymentSchema } } },
    () => admin.awaitingPayment(),
  );
  app.put(
    '/api/admin/site-state',
    { ...operator, schema: { body: siteStateUpdate, response: { 200: adminSiteStateSchema } } },
    async (request) => admin.setSiteState(actor(request), request.body),
  );

  // ——— People and money ———
  app.get(
    '/api/admin/users',
    { ...adminOnly, schema: { querystring: adminUserQuery, response: { 200: paged(adminUserSchema) } } },
    async ({ query }) => admin.users({ q: query.q, role: query.role }, query),
  );
  app.patch(
    '/api/admin/users/:id',
    { ...adminOnly, schema: { params: uuidParam, body: adminUserPatch, response: { 200: updatedUser } } },
    async (request) => admin.updateUser(actor(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/promo-codes',
    { ...adminOnly, schema: { querystring: adminPromoQuery, response: { 200: paged(adminPromoSchema) } } },
    async ({ query }) => admin.promoCodes({ q: query.q, status: query.status }, query),
  );
  app.post(
    '/api/admin/promo-codes',
    { ...adminOnly, schema: { body: adminPromoIssue, response: { 200: z.array(adminPromoSchema) } } },
    async (request) => admin.issuePromoCodes(actor(request), request.body),
  );

  app.get(
    '/api/admin/payouts',
    { ...operator, schema: { querystring: adminPayoutQuery, response: { 200: paged(adminPayoutSchema) } } },
    async ({ query }) => admin.payouts(query.status, query),
  );
  app.post(
    '/api/admin/payouts/:id/approve',
    { ...operator, schema: { params: uuidParam, response: { 200: adminPayoutSchema } } },
    async (request) => admin.approvePayout(actor(request), request.params.id),
  );
  app.post(
    '/api/admin/payouts/:id/pay',
    { ...operator, schema: { params: uuidParam, body: adminPayoutPay, response: { 200: adminPayoutSchema } } },
    async (request) => admin.payPayout(actor(request), request.params.id, request.body.reference),
  );
  app.post(
    '/api/admin/payouts/:id/reject',
    { ...operator, schema: { params: uuidParam, body: adminPayoutReject, response: { 200: adminPayoutSchema } } },
    async (request) => admin.rejectPayout(actor(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/admin/outbox',
    { ...operator, schema: { querystring: adminListQuery, response: { 200: paged(adminOutboxSchema) } } },
    async ({ query }) => admin.outbox(query.q, query),
  );
  app.get(
    '/api/admin/audit',
    { ...adminOnly, schema: { querystring: adminAuditQuery, response: { 200: paged(adminAuditSchema) } } },
    async ({ query }) => admin.audit({ q: query.q, resource: query.resource }, query),
  );

  // ——— Content ———
  app.get(
    '/api/admin/news',
    { ...adminOnly, schema: { querystring: adminListQuery, response: { 200: paged(adminNewsSchema) } } },
    async ({ query }) => admin.news(query.q, query),
  );
  app.post(
    '/api/admin/news',
    { ...adminOnly, schema: { body: adminNewsBody, response: { 200: adminNewsSchema } } },
    async (request) => admin.createNews(actor(request), request.body),
  );
  app.put(
    '/api/admin/news/:id',
    { ...adminOnly, schema: { params: adminNewsId, body: adminNewsBody, response: { 200: adminNewsSchema } } },
    async (request) => admin.updateNews(actor(request), request.params.id, request.body),
  );
  app.delete('/api/admin/news/:id', { ...adminOnly, schema: { params: adminNewsId } }, async (request, reply) => {
    await admin.deleteNews(actor(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/admin/pages', { ...adminOnly, schema: { response: { 200: adminPagesSchema } } }, () => admin.pages());
  app.put(
    '/api/admin/pages/:slug',
    {
      ...adminOnly,
      schema: {
        params: z.object({ slug: z.enum(PAGE_SLUGS) }),
        body: adminPageBody,
        response: { 200: adminPageSchema },
      },
    },
    async (request) => admin.savePage(actor(request), request.params.slug, request.body),
  );
  app.put(
    '/api/admin/pages/faq/items',
    { ...adminOnly, schema: { body: adminFaqBody, response: { 200: faqList } } },
    async (request) => admin.saveFaq(actor(request), request.body.items),
  );

  app.get('/api/admin/seo', { ...adminOnly, schema: { response: { 200: z.array(adminSeoSchema) } } }, () =>
    admin.seo(),
  );
  app.put(
    '/api/admin/seo/:give/:get',
    { ...adminOnly, schema: { params: adminPairParams, body: adminSeoBody, response: { 200: adminSeoSchema } } },
    async (request) => admin.saveSeo(actor(request), request.params.give, request.params.get, request.body),
  );
  app.delete(
    '/api/admin/seo/:give/:get',
    { ...adminOnly, schema: { params: adminPairParams } },
    async (request, reply) => {
      await admin.deleteSeo(actor(request), request.params.give, request.params.get);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/admin/preview',
    { ...adminOnly, schema: { body: adminPreviewBody, response: { 200: adminPreviewSchema } } },
    async (request) => admin.preview(request.body.markdown),
  );
};
