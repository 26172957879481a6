import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { discountSchema, pageQuery, promoCodeSchema, promoCodesPage } from '@obmen/shared';
import { z } from 'zod';
import type { AuthGuards } from '../accounts/auth-guards';
import type { ExchangeService } from '../exchange/exchange.service';
import { withNextBand, type PromoService } from './promo.service';

export const promoRoutes: FastifyPluginAsyncZod<{
  promo: PromoService;
  exchange: ExchangeService;
  guards: AuthGuards;
}> = async (app, { promo, exchange, guards }) => {
  app.get(
    '/api/v1/Promo/getpromocodes',
    { preHandler: guards.requireUser, schema: { querystring: pageQuery, response: { 200: promoCodesPage } } },
    async (request) => promo.list(request.user!, request.query.page, request.query.perPage),
  );

  app.get(
    '/api/v1/Promo/getactivepromocodes',
    { preHandler: guards.requireUser, schema: { response: { 200: z.array(promoCodeSchema) } } },
    async (request) => promo.active(request.user!),
  );

  /** The user's discount band, turnover, the next band and the whole table (design §4). */
  app.get(
    '/api/v1/User/discount',
    { preHandler: guards.requireUser, schema: { response: { 200: discountSchema } } },
    async (request) => withNextBand(await exchange.discount(request.user!)),
  );
};
