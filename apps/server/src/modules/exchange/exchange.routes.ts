import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calculateBody,
  directionStatus,
  getCourse,
  getCurrencies,
  getCurrency,
  getCurrencyMessage,
  getDirections,
  getOverview,
  getFields,
  getRange,
  getReserve,
  quoteSchema,
  seoQuery,
  seoRecordSchema,
} from '@obmen/shared';
import { publicCache } from '../../http/public-cache';
import type { AuthGuards } from '../accounts/auth-guards';
import type { ExchangeService } from './exchange.service';

const BASE = '/api/v1/Exchange';

export const exchangeRoutes: FastifyPluginAsyncZod<{
  exchange: ExchangeService;
  guards: AuthGuards;
}> = async (app, { exchange, guards }) => {
  // Reads alike for every visitor, which browsers and the proxy may keep a few seconds.
  const currencyLists: FastifyPluginAsyncZod = async (lists) => {
    await lists.register(publicCache, { byLanguage: true });
    lists.get(
      `${BASE}/get_currencies/:side`,
      { schema: { params: getCurrencies.params, response: { 200: getCurrencies.response } } },
      async (request) => exchange.currencies(request.params.side, request.lang),
    );
  };
  const pairFigures: FastifyPluginAsyncZod = async (figures) => {
    await figures.register(publicCache);
    figures.get(
      `${BASE}/get_range`,
      { schema: { querystring: getRange.query, response: { 200: getRange.response } } },
      async (request) => exchange.range(request.query.giveName, request.query.getName),
    );

    figures.get(
      `${BASE}/get_reserve/:x`,
      { schema: { params: getReserve.params, response: { 200: getReserve.response } } },
      async (request) => exchange.reserve(request.params.x),
    );

    figures.get(
      `${BASE}/direction_status`,
      { schema: { querystring: directionStatus.query, response: { 200: directionStatus.response } } },
      async (request) => exchange.directionStatus(request.query.giveName, request.query.getName),
    );
  };
  // Every pair with a direction: the pickers mark the currencies the chosen one cannot go to.
  const directionList: FastifyPluginAsyncZod = async (list) => {
    await list.register(publicCache);
    list.get(`${BASE}/directions`, { schema: { response: { 200: getDirections.response } } }, async () =>
      exchange.directions(),
    );
  };
  const overview: FastifyPluginAsyncZod = async (home) => {
    await home.register(publicCache, { byLanguage: true });
    home.get(`${BASE}/overview`, { schema: { response: { 200: getOverview.response } } }, async (request) =>
      exchange.overview(request.lang),
    );
  };
  await app.register(currencyLists);
  await app.register(directionList);
  await app.register(overview);
  await app.register(pairFigures);

  app.get(
    `${BASE}/get_currency/:x`,
    { schema: { params: getCurrency.params, response: { 200: getCurrency.response } } },
    async (request) => exchange.currency(request.params.x, request.lang),
  );

  app.get(
    `${BASE}/get_currency_message`,
    { schema: { querystring: getCurrencyMessage.query, response: { 200: getCurrencyMessage.response } } },
    async (request) => ({
      message: exchange.currencyMessage(request.query.currencyName, request.query.direction, request.lang),
    }),
  );

  app.get(
    `${BASE}/get_fields/:x/:y`,
    { schema: { params: getFields.params, response: { 200: getFields.response } } },
    async (request) => exchange.fields(request.params.x, request.params.y, request.lang),
  );

  app.get(
    `${BASE}/course`,
    { schema: { querystring: getCourse.query, response: { 200: getCourse.response } } },
    async (request) => exchange.course(request.query.giveName, request.query.getName, request.query.useFixedDirection),
  );

  app.post(
    `${BASE}/calculate`,
    { preHandler: guards.optionalUser, schema: { body: calculateBody, response: { 200: quoteSchema } } },
    async (request) => exchange.calculate(request.body, request.user, request.lang),
  );

  app.get(
    '/api/v1/seo/getbytickers',
    { schema: { querystring: seoQuery, response: { 200: seoRecordSchema } } },
    async (request) => exchange.seo(request.query.giveCode, request.query.getCode, request.lang),
  );
};
