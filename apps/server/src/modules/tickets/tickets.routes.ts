import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTicketBody, pageQuery, ticketIdParams, ticketListSchema, ticketSchema } from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import type { TicketsService } from './tickets.service';

const BASE = '/api/v1/Tickets';
/** A ticket's form is a few hundred bytes: 16 KB leaves room, and a padded body is refused unread. */
export const TICKET_BODY_LIMIT = 16 * 1024;
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(100).optional() });

export const ticketsRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService; guards: AuthGuards }> = async (
  app,
  { tickets, guards },
) => {
  app.post(
    `${BASE}/create`,
    {
      preHandler: guards.optionalUser,
      bodyLimit: TICKET_BODY_LIMIT,
      schema: { body: createTicketBody, headers: idempotencyHeaders, response: { 200: ticketSchema } },
    },
    async (request) =>
      tickets.create(request.body, request.user, request.lang, request.headers['idempotency-key'], request.ip),
  );

  app.get(
    `${BASE}/`,
    { preHandler: guards.requireUser, schema: { querystring: pageQuery, response: { 200: ticketListSchema } } },
    async (request) => tickets.list(request.user!, request.query.page, request.query.perPage, request.lang),
  );

  // Confirm and cancel are GET in the spec; POST is accepted too, as they change state.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: `${BASE}/confirm/:id`,
      bodyLimit: TICKET_BODY_LIMIT,
      preHandler: guards.optionalUser,
      schema: { params: ticketIdParams, response: { 200: ticketSchema } },
      handler: async (request) => tickets.confirm(request.params.id, request.user, request.lang),
    });
    app.route({
      method,
      url: `${BASE}/cancel/:id`,
      bodyLimit: TICKET_BODY_LIMIT,
      preHandler: guards.optionalUser,
      schema: { params: ticketIdParams, response: { 200: ticketSchema } },
      handler: async (request) => tickets.cancel(request.params.id, request.user, request.lang),
    });
  }

  app.get(
    `${BASE}/:id`,
    { preHandler: guards.optionalUser, schema: { params: ticketIdParams, response: { 200: ticketSchema } } },
    async (request) => tickets.get(request.params.id, request.user, request.lang),
  );
};
