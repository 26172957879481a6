import type { FastifyReply } from 'fastify';
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

const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');

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
      // The site's hottest call: bytes made once per catalog change (their shape is tested against
      // the schema), sent without another pass through the serializer or the UTF-8 encoder: a
      // Cyrillic string costs a scan for its length and an encoding on every write (issue 11).
      async (request, reply) => {
        const text = exchange.currenciesJson(request.params.side, request.lang);
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(text);
      },
    );
  };
  const pairFigures: FastifyPluginAsyncZod = async (figures) => {
    await figures.register(publicCache);
    figures.get(
      `${BASE}/get_range`,
      { schema: { querystring: getRange.query, response: { 200: getRange.response } } },
      // Bytes kept per catalog version (their shape is tested against the schema).
      async (request, reply) =>
        (reply as FastifyReply)
          .type('application/json; charset=utf-8')
          .send(exchange.rangeJson(request.query.giveName, request.query.getName)),
    );

    figures.get(
      `${BASE}/get_reserve/:x`,
      { schema: { params: getReserve.params, response: { 200: getReserve.response } } },
      // Bytes kept per read of the reserve (their shape is tested against the schema).
      async (request, reply) =>
        (reply as FastifyReply)
          .type('application/json; charset=utf-8')
          .send(await exchange.reserveJson(request.params.x)),
    );

    figures.get(
      `${BASE}/direction_status`,
      { schema: { querystring: directionStatus.query, response: { 200: directionStatus.response } } },
      // A bare true or false: written out, not passed through the serializer.
      async (request, reply) =>
        (reply as FastifyReply)
          .type('application/json; charset=utf-8')
          .send(exchange.directionStatus(request.query.giveName, request.query.getName) ? TRUE : FALSE),
    );
  };
  // Every pair with a direction: the pickers mark the currencies the chosen one cannot go to.
  const directionList: FastifyPluginAsyncZod = async (list) => {
    await list.register(publicCache);
    list.get(`${BASE}/directions`, { schema: { response: { 200: getDirections.response } } }, async (_request, reply) =>
      (reply as FastifyReply).type('application/json; charset=utf-8').send(await exchange.directionsJson()),
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
    // Bytes, from the quote cache when it can (their shape is tested against quoteSchema).
    async (request, reply) =>
      (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(await exchange.calculateJson(request.body, request.user, request.lang)),
  );

  app.get(
    '/api/v1/seo/getbytickers',
    { schema: { querystring: seoQuery, response: { 200: seoRecordSchema } } },
    async (request) => exchange.seo(request.query.giveCode, request.query.getCode, request.lang),
  );
};
