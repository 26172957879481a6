import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  continueQuoteSchema,
  continueTicketBody,
  payRestBody,
  refundExcessBody,
  refundTicketBody,
  ticketIdParams,
  ticketSchema,
} from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import type { IncomingPaymentsService } from './incoming-payments.service';
import { TICKET_BODY_LIMIT } from './tickets.routes';

const BASE = '/api/v1/Tickets';

/**
 * A payment problem's ways out, on the client's ticket page: continue at the current rate, a refund,
 * and (issue 45) the original sums with the excess back, or the rest paid within the window.
 */
export const incomingPaymentsRoutes: FastifyPluginAsyncZod<{
  payments: IncomingPaymentsService;
  guards: AuthGuards;
}> = async (app, { payments, guards }) => {
  app.get(
    `${BASE}/:id/continue`,
    { preHandler: guards.optionalUser, schema: { params: ticketIdParams, response: { 200: continueQuoteSchema } } },
    async (request) => payments.continueQuote(request.params.id, request.user),
  );
  app.post(
    `${BASE}/:id/continue`,
    {
      preHandler: guards.optionalUser,
      bodyLimit: TICKET_BODY_LIMIT,
      schema: { params: ticketIdParams, body: continueTicketBody, response: { 200: ticketSchema } },
    },
    async (request) => payments.continueTicket(request.params.id, request.user, request.body.quoteToken, request.lang),
  );
  app.post(
    `${BASE}/:id/refund`,
    {
      preHandler: guards.optionalUser,
      bodyLimit: TICKET_BODY_LIMIT,
      schema: { params: ticketIdParams, body: refundTicketBody, response: { 200: ticketSchema } },
    },
    async (request) => payments.requestRefund(request.params.id, request.user, request.body.address, request.lang),
  );
  app.post(
    `${BASE}/:id/refund-excess`,
    {
      preHandler: guards.optionalUser,
      bodyLimit: TICKET_BODY_LIMIT,
      schema: { params: ticketIdParams, body: refundExcessBody, response: { 200: ticketSchema } },
    },
    async (request) => payments.refundExcess(request.params.id, request.user, request.body, request.lang),
  );
  app.post(
    `${BASE}/:id/pay-rest`,
    {
      preHandler: guards.optionalUser,
      bodyLimit: TICKET_BODY_LIMIT,
      schema: { params: ticketIdParams, body: payRestBody, response: { 200: ticketSchema } },
    },
    async (request) => payments.payRest(request.params.id, request.user, request.body.rest, request.lang),
  );
};
