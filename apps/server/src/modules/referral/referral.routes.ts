import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPayoutBody,
  pageQuery,
  refChargesPage,
  refCurrencySchema,
  refPayoutSchema,
  refPayoutsPage,
  refSummarySchema,
  refVisitParams,
} from '@obmen/shared';
import { z } from 'zod';
import type { AuthGuards } from '../accounts/auth-guards';
import type { ReferralService } from './referral.service';

const BASE = '/api/v1/Ref';

export const referralRoutes: FastifyPluginAsyncZod<{ referral: ReferralService; guards: AuthGuards }> = async (
  app,
  { referral, guards },
) => {
  // Always 204: whether a number belongs to anyone is nobody's business.
  app.get(`${BASE}/visit/:x`, { schema: { params: refVisitParams } }, async (request, reply) => {
    await referral.visit(request.params.x, request.ip);
    return reply.status(204).send();
  });

  app.get(
    `${BASE}/summary`,
    { preHandler: guards.requireUser, schema: { response: { 200: refSummarySchema } } },
    async (request) => referral.summary(request.user!, request.lang),
  );

  app.get(
    `${BASE}/getcurrencies`,
    { preHandler: guards.requireUser, schema: { response: { 200: z.array(refCurrencySchema) } } },
    async (request) => referral.currencies(request.user!, request.lang),
  );

  app.get(
    `${BASE}/getcharges`,
    { preHandler: guards.requireUser, schema: { querystring: pageQuery, response: { 200: refChargesPage } } },
    async (request) => referral.charges(request.user!, request.query.page, request.query.perPage),
  );

  app.get(
    `${BASE}/getpayouts`,
    { preHandler: guards.requireUser, schema: { querystring: pageQuery, response: { 200: refPayoutsPage } } },
    async (request) => referral.payouts(request.user!, request.query.page, request.query.perPage),
  );

  app.post(
    `${BASE}/createpayout`,
    { preHandler: guards.requireUser, schema: { body: createPayoutBody, response: { 200: refPayoutSchema } } },
    async (request) => referral.createPayout(request.user!, request.body),
  );
};
