import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_TICKET_ACTIONS,
  adminCannedReplyBody,
  adminCannedReplySchema,
  adminDeskSettingsSchema,
  adminDeskSettingsUpdate,
  adminRenderedReplySchema,
  adminTicketClaimBody,
  adminHoldsCancel,
  adminHoldsCancelGroup,
  adminExcessRefund,
  adminHoldsSchema,
  adminTicketAction,
  adminTicketDetailSchema,
  adminTicketLimitsSchema,
  adminTicketLimitsUpdate,
  adminTicketListSchema,
  adminTicketPayment,
  adminTicketQuery,
  ticketIdParams,
} from '@obmen/shared';
import { NotFoundError } from '../../http/errors';
import type { AuthGuards } from '../accounts/auth-guards';
import { actorOf, consoleRoles } from '../admin/console';
import type { CannedRepliesService } from './canned-replies.service';
import type { TicketClaimsService } from './ticket-claims.service';
import type { TicketDeskService } from './ticket-desk.service';
import type { TicketHoldsService } from './ticket-holds.service';

export interface TicketDeskDeps {
  guards: AuthGuards;
  desk: TicketDeskService;
  holds: TicketHoldsService;
  claims: TicketClaimsService;
  replies: CannedRepliesService;
}

const replyIdParams = z.object({ id: z.uuid() });

/** The console's tickets: the queue, a ticket's steps, and what one client may hold (issue 33). */
export const ticketDeskRoutes: FastifyPluginAsyncZod<TicketDeskDeps> = async (
  app,
  { guards, desk, holds, claims, replies },
) => {
  const { operator, adminOnly } = consoleRoles(guards);

  app.get(
    '/api/admin/tickets',
    { ...operator, schema: { querystring: adminTicketQuery, response: { 200: adminTicketListSchema } } },
    async (request) => {
      const { query } = request;
      return desk.ticketQueue({ status: query.status, q: query.q, sort: query.sort }, query, actorOf(request).id);
    },
  );
  app.get(
    '/api/admin/tickets/:id',
    { ...operator, schema: { params: ticketIdParams, response: { 200: adminTicketDetailSchema } } },
    async (request) => desk.ticketDetail(request.params.id, request.lang, actorOf(request).id),
  );

  // ——— Who works on a ticket (issue 46) ———
  app.post(
    '/api/admin/tickets/:id/claim',
    {
      ...operator,
      schema: { params: ticketIdParams, body: adminTicketClaimBody, response: { 200: adminTicketDetailSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      await claims.take(actor, request.params.id, request.body.takeOver);
      return desk.ticketDetail(request.params.id, request.lang, actor.id);
    },
  );
  app.delete(
    '/api/admin/tickets/:id/claim',
    { ...operator, schema: { params: ticketIdParams, response: { 200: adminTicketDetailSchema } } },
    async (request) => {
      const actor = actorOf(request);
      await claims.release(actor, request.params.id);
      return desk.ticketDetail(request.params.id, request.lang, actor.id);
    },
  );
  app.get(
    '/api/admin/tickets/:id/canned-replies',
    { ...operator, schema: { params: ticketIdParams, response: { 200: z.array(adminRenderedReplySchema) } } },
    async (request) => replies.forTicket(request.params.id),
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
      desk.ticketAction(actorOf(request), request.params.id, request.params.action, request.body, request.lang),
  );
  app.post(
    '/api/admin/tickets/:id/payment',
    {
      ...operator,
      schema: { params: ticketIdParams, body: adminTicketPayment, response: { 200: adminTicketDetailSchema } },
    },
    async (request) => {
      await desk.recordPayment(actorOf(request), request.params.id, request.body);
      return desk.ticketDetail(request.params.id, request.lang, actorOf(request).id);
    },
  );
  app.post(
    '/api/admin/tickets/:id/excess-refund',
    {
      ...operator,
      schema: { params: ticketIdParams, body: adminExcessRefund, response: { 200: adminTicketDetailSchema } },
    },
    async (request) => desk.recordExcessRefund(actorOf(request), request.params.id, request.body, request.lang),
  );
  app.get(
    '/api/admin/tickets/:id/card-image',
    { ...operator, schema: { params: ticketIdParams } },
    async (request, reply) => {
      const image = await desk.cardImage(request.params.id);
      if (!image) throw new NotFoundError();
      return reply.type('image/jpeg').header('cache-control', 'private, no-store').send(image);
    },
  );

  // ——— What one client may hold (issue 33) ———
  app.get('/api/admin/ticket-limits', { ...operator, schema: { response: { 200: adminTicketLimitsSchema } } }, () =>
    holds.limits(),
  );
  app.put(
    '/api/admin/ticket-limits',
    { ...operator, schema: { body: adminTicketLimitsUpdate, response: { 200: adminTicketLimitsSchema } } },
    async (request) => holds.setLimits(actorOf(request), request.body),
  );
  app.get('/api/admin/holds', { ...operator, schema: { response: { 200: adminHoldsSchema } } }, () => holds.holds());
  app.post(
    '/api/admin/holds/cancel',
    {
      ...operator,
      schema: { body: adminHoldsCancel, response: { 200: z.object({ cancelled: z.number().int() }) } },
    },
    async (request) => holds.cancelAll(actorOf(request), request.body),
  );
  app.post(
    '/api/admin/holds/cancel-group',
    {
      ...operator,
      schema: { body: adminHoldsCancelGroup, response: { 200: z.object({ cancelled: z.number().int() }) } },
    },
    async (request) => holds.cancelGroup(actorOf(request), request.body),
  );

  // ——— The desk's clocks and claims, and the replies operators reuse: admins set them up (issue 46) ———
  app.get('/api/admin/desk-settings', { ...adminOnly, schema: { response: { 200: adminDeskSettingsSchema } } }, () =>
    claims.settings(),
  );
  app.put(
    '/api/admin/desk-settings',
    { ...adminOnly, schema: { body: adminDeskSettingsUpdate, response: { 200: adminDeskSettingsSchema } } },
    async (request) => claims.setSettings(actorOf(request), request.body),
  );
  app.get(
    '/api/admin/canned-replies',
    { ...operator, schema: { response: { 200: z.array(adminCannedReplySchema) } } },
    () => replies.list(),
  );
  app.post(
    '/api/admin/canned-replies',
    { ...adminOnly, schema: { body: adminCannedReplyBody, response: { 200: adminCannedReplySchema } } },
    async (request) => replies.create(actorOf(request), request.body),
  );
  app.put(
    '/api/admin/canned-replies/:id',
    {
      ...adminOnly,
      schema: { params: replyIdParams, body: adminCannedReplyBody, response: { 200: adminCannedReplySchema } },
    },
    async (request) => replies.update(actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/canned-replies/:id',
    { ...adminOnly, schema: { params: replyIdParams } },
    async (request, reply) => {
      await replies.remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
