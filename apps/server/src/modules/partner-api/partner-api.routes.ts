import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  formatMessage,
  parameterErrorsSchema,
  partnerQuoteBody,
  partnerQuoteSchema,
  partnerReportQuery,
  partnerReportSchema,
  partnerTicketBody,
  partnerTicketParams,
  quoteRefusalSchema,
  ticketSchema,
  type Lang,
  type MessageKey,
  type QuoteProblem,
  type QuoteRefusal,
} from '@obmen/shared';
import type { ExchangeService } from '../exchange/exchange.service';
import type { TicketsService } from '../tickets/tickets.service';
import { idempotencyHeaders } from '../tickets/tickets.routes';
import type { PartnerKeyGuard } from './partner-key-auth';
import type { PartnerReports } from './partner-reports.service';

export const PARTNER_API_BASE = '/api/partner/v1';

const PROBLEM_MESSAGES: Record<QuoteProblem, MessageKey> = {
  below_min: 'exchange.belowMin',
  above_max: 'exchange.aboveMax',
  above_reserve_share: 'partner.reserveShare',
  direction_closed: 'exchange.directionUnavailable',
};

/** A 400 is either the fields' errors or a body that is no JSON at all. */
const badInput = z.union([parameterErrorsSchema, errorResponseSchema]);
/** What every keyed call may answer besides its own result; the key is checked before the body is read. */
const keyErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema };
const keyed = { tags: ['partner'], security: [{ partnerKey: [] }] };

function refusal(problems: QuoteProblem[], limits: QuoteRefusal['limits'], lang: Lang): QuoteRefusal {
  const told = problems.map((code) => ({ code, message: formatMessage(lang, PROBLEM_MESSAGES[code]) }));
  return {
    error: {
      code: 'quote_refused',
      message: formatMessage(lang, 'partner.quoteRefused', { reasons: told.map((p) => p.message).join('; ') }),
    },
    problems: told,
    limits,
  };
}

/**
 * The keyed partner API (issue 47), `Authorization: Bearer obk_…`: the site's own quote and ticket
 * creation (no second copy of their rules), a ticket made with the partner's keys, the report.
 */
export const partnerApiRoutes: FastifyPluginAsyncZod<{
  exchange: ExchangeService;
  tickets: TicketsService;
  reports: PartnerReports;
  requireKey: PartnerKeyGuard;
}> = async (app, { exchange, tickets, reports, requireKey }) => {
  app.decorateRequest('partnerKey', null);

  app.post(
    `${PARTNER_API_BASE}/quote`,
    {
      onRequest: requireKey('quotes'),
      schema: {
        ...keyed,
        summary: 'A quote; a refused one names every reason at once, with the limits on both sides',
        body: partnerQuoteBody,
        response: { 200: partnerQuoteSchema, 400: badInput, 422: quoteRefusalSchema, ...keyErrors },
      },
    },
    async (request, reply) => {
      const { body, lang } = request;
      const check = await exchange.checkQuote({
        giveCode: body.giveName,
        getCode: body.getName,
        sum: body.sum,
        direction: body.direction,
        fixed: body.useFixedDirection,
        promocode: undefined,
        user: null,
      });
      if (check.problems.length > 0) return reply.status(422).send(refusal(check.problems, check.limits, lang));
      return { ...(await exchange.calculate({ ...body, promocode: undefined }, null, lang)), limits: check.limits };
    },
  );

  app.post(
    `${PARTNER_API_BASE}/tickets`,
    {
      onRequest: requireKey('tickets:create'),
      schema: {
        ...keyed,
        summary: "A ticket for the partner's client: the partner's referral, channel `api`",
        body: partnerTicketBody,
        headers: idempotencyHeaders,
        response: { 200: ticketSchema, 400: badInput, ...keyErrors },
      },
    },
    async (request) => {
      const key = request.partnerKey!;
      const idempotencyKey = request.headers['idempotency-key'];
      return tickets.create(
        { ...request.body, refId: undefined },
        null,
        request.lang,
        // A key answers its partner only: two partners' clients with one e-mail never meet.
        idempotencyKey && `partner:${key.userId}:${idempotencyKey}`,
        // The address is the partner's server, not the client's: the key's own limit stands in for the per-address cap.
        null,
        { referrerId: key.userId, channel: 'api', apiKeyId: key.id },
      );
    },
  );

  app.get(
    `${PARTNER_API_BASE}/tickets/:ref`,
    {
      onRequest: requireKey('tickets:read'),
      schema: {
        ...keyed,
        summary: "A ticket made with one of the partner's keys, by its id or its number",
        params: partnerTicketParams,
        response: { 200: ticketSchema, 404: errorResponseSchema, ...keyErrors },
      },
    },
    async (request) => reports.ticket(request.partnerKey!.userId, request.params.ref, request.lang),
  );

  app.get(
    `${PARTNER_API_BASE}/tickets`,
    {
      onRequest: requireKey('reports'),
      schema: {
        ...keyed,
        summary: "The partner's tickets created in [from, to), oldest first, with its commission (keyset pages)",
        querystring: partnerReportQuery,
        response: { 200: partnerReportSchema, 400: badInput, ...keyErrors },
      },
    },
    async (request) => reports.page(request.partnerKey!.userId, request.query),
  );
};
