import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTicketBody,
  findTicketBody,
  foundTicketSchema,
  type FindTicketBodyOutput,
  pageQuery,
  ticketIdParams,
  ticketListSchema,
  ticketSchema,
} from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import type { RateLimitStore } from '../rate-limits/rate-limit-store';
import { rateLimitGuard, type Limit } from '../rate-limits/rate-limit.guard';
import { emailKey } from './email-key';
import type { TicketsService } from './tickets.service';

const BASE = '/api/v1/Tickets';
/** A ticket's form is a few hundred bytes: 16 KB leaves room, and a padded body is refused unread. */
export const TICKET_BODY_LIMIT = 16 * 1024;
export interface TicketLookupLimits {
  perAddress: Limit;
  perEmail: Limit;
  perNumber: Limit;
}
/**
 * Asking for a ticket's link by number and e-mail: a person needs a few tries, a guesser many; per
 * e-mail and per number too, so many addresses together cannot hammer one inbox or one ticket.
 */
export const DEFAULT_TICKET_LOOKUP_LIMITS: TicketLookupLimits = {
  perAddress: { max: 10, windowSeconds: 900 },
  perEmail: { max: 5, windowSeconds: 3600 },
  perNumber: { max: 5, windowSeconds: 3600 },
};
export const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(100).optional() });

export const ticketsRoutes: FastifyPluginAsyncZod<{
  tickets: TicketsService;
  guards: AuthGuards;
  rateLimits: RateLimitStore;
  lookupLimits: TicketLookupLimits;
}> = async (app, { tickets, guards, rateLimits, lookupLimits }) => {
  const lookupBody = (request: FastifyRequest) => request.body as FindTicketBodyOutput;
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
      // Counted whether or not the ticket exists, so a refusal says nothing about it.
      preHandler: [
        rateLimitGuard(rateLimits, 'ticket-lookup', lookupLimits.perAddress),
        rateLimitGuard(rateLimits, 'ticket-lookup:email', lookupLimits.perEmail, (r) => emailKey(lookupBody(r).email)),
        rateLimitGuard(rateLimits, 'ticket-lookup:number', lookupLimits.perNumber, (r) => String(lookupBody(r).number)),
      ],
      schema: { body: findTicketBody, response: { 200: foundTicketSchema } },
    },
    // The same answer whether or not the ticket exists: only its e-mail's inbox learns the link.
    async (request) => {
      await tickets.mailLink(request.body.number, request.body.email);
      return { sent: true as const };
    },
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
