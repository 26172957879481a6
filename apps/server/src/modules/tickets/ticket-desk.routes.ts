import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_TICKET_ACTIONS,
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
import type { TicketDeskService } from './ticket-desk.service';
import type { TicketHoldsService } from './ticket-holds.service';

export interface TicketDeskDeps {
  guards: AuthGuards;
  desk: TicketDeskService;
  holds: TicketHoldsService;
}

/** The console's tickets: the queue, a ticket's steps, and what one client may hold (issue 33). */
export const ticketDeskRoutes: FastifyPluginAsyncZod<TicketDeskDeps> = async (app, { guards, desk, holds }) => {
  const { operator } = consoleRoles(guards);

  app.get(
    '/api/admin/tickets',
    { ...operator, schema: { querystring: adminTicketQuery, response: { 200: adminTicketListSchema } } },
    async ({ query }) => desk.ticketQueue({ status: query.status, q: query.q }, query),
  );
  app.get(
    '/api/admin/tickets/:id',
    { ...operator, schema: { params: ticketIdParams, response: { 200: adminTicketDetailSchema } } },
    async (request) => desk.ticketDetail(request.params.id, request.lang),
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
      return desk.ticketDetail(request.params.id, request.lang);
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
};
