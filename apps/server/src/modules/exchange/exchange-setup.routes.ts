import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCurrencyCreate,
  adminCurrencyPatch,
  adminCurrencySchema,
  adminDirectionCreate,
  adminDirectionPatch,
  adminDirectionSchema,
  adminDiscountBands,
  adminPairParams,
  adminPriceListSchema,
  adminPriceSchema,
  adminPriceUpdate,
  adminReserveSchema,
  adminReserveUpdate,
} from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import { actorOf, consoleRoles } from '../admin/console';
import type { ExchangeSetupService } from './exchange-setup.service';

export interface ExchangeSetupDeps {
  guards: AuthGuards;
  setup: ExchangeSetupService;
}

const code = z.object({ code: z.string().regex(/^[A-Z0-9]{2,20}$/) });
const bands = z.array(z.object({ minTurnoverUsd: z.string(), percent: z.string() }));

/** The console's exchange set-up: currencies, directions, prices, reserves, discount bands. */
export const exchangeSetupRoutes: FastifyPluginAsyncZod<ExchangeSetupDeps> = async (app, { guards, setup }) => {
  const { operator, adminOnly } = consoleRoles(guards);

  app.get('/api/admin/currencies', { ...operator, schema: { response: { 200: z.array(adminCurrencySchema) } } }, () =>
    setup.currencies(),
  );
  app.post(
    '/api/admin/currencies',
    { ...adminOnly, schema: { body: adminCurrencyCreate, response: { 200: adminCurrencySchema } } },
    async (request) => setup.createCurrency(actorOf(request), request.body),
  );
  app.patch(
    '/api/admin/currencies/:code',
    { ...adminOnly, schema: { params: code, body: adminCurrencyPatch, response: { 200: adminCurrencySchema } } },
    async (request) => setup.updateCurrency(actorOf(request), request.params.code, request.body),
  );

  app.get('/api/admin/directions', { ...operator, schema: { response: { 200: z.array(adminDirectionSchema) } } }, () =>
    setup.directions(),
  );
  app.post(
    '/api/admin/directions',
    { ...adminOnly, schema: { body: adminDirectionCreate, response: { 200: adminDirectionSchema } } },
    async (request) => setup.createDirection(actorOf(request), request.body),
  );
  app.patch(
    '/api/admin/directions/:give/:get',
    {
      ...operator,
      schema: { params: adminPairParams, body: adminDirectionPatch, response: { 200: adminDirectionSchema } },
    },
    async (request) => setup.updateDirection(actorOf(request), request.params.give, request.params.get, request.body),
  );

  app.get('/api/admin/prices', { ...operator, schema: { response: { 200: adminPriceListSchema } } }, () =>
    setup.prices(),
  );
  app.put(
    '/api/admin/prices/:code',
    { ...operator, schema: { params: code, body: adminPriceUpdate, response: { 200: adminPriceSchema } } },
    async (request) => setup.setPrice(actorOf(request), request.params.code, request.body),
  );
  app.post(
    '/api/admin/prices/:code/release',
    { ...operator, schema: { params: code, response: { 200: adminPriceSchema } } },
    async (request) => setup.releasePrice(actorOf(request), request.params.code),
  );

  app.get('/api/admin/reserves', { ...operator, schema: { response: { 200: z.array(adminReserveSchema) } } }, () =>
    setup.reserves(),
  );
  app.put(
    '/api/admin/reserves/:code',
    { ...operator, schema: { params: code, body: adminReserveUpdate, response: { 200: adminReserveSchema } } },
    async (request) => setup.setReserve(actorOf(request), request.params.code, request.body.balance),
  );

  app.get('/api/admin/discount-bands', { ...operator, schema: { response: { 200: bands } } }, () => setup.bands());
  app.put(
    '/api/admin/discount-bands',
    { ...adminOnly, schema: { body: adminDiscountBands, response: { 200: bands } } },
    async (request) => setup.replaceBands(actorOf(request), request.body.bands),
  );
};
