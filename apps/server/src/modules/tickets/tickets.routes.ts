import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTicketBody,
  findTicketBody,
  foundTicketSchema,
  pageQuery,
  ticketIdParams,
  ticketListSchema,
  ticketSchema,
} from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import type { RateLimitStore } from '../rate-limits/rate-limit-store';
import { rateLimitGuard, type Limit } from '../rate-limits/rate-limit.guard';
import type { TicketsService } from './tickets.service';

const BASE = '/api/v1/Tickets';
/** A ticket's form is a few hundred bytes: 16 KB leaves room, and a padded body is refused unread. */
export const TICKET_BODY_LIMIT = 16 * 1024;
/** Looking a ticket up by number and e-mail: a person needs a few tries, a guesser many. */
export const DEFAULT_TICKET_LOOKUP_LIMIT: Limit = { max: 10, windowSeconds: 900 };
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(100).optional() });

export const ticketsRoutes: FastifyPluginAsyncZod<{
  tickets: TicketsService;
  guards: AuthGuards;
  rateLimits: RateLimitStore;
  lookupLimit: Limit;
}> = async (app, { tickets, guards, rateLimits, lookupLimit }) => {
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

  app.post(
    `${BASE}/find`,
    {
      preHandler: rateLimitGuard(rateLimits, 'ticket-lookup', lookupLimit),
      schema: { body: findTicketBody, response: { 200: foundTicketSchema } },
    },
    async (request) => tickets.find(request.body.number, request.body.email),
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
