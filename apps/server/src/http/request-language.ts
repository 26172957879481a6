import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isLang, langFromAcceptLanguage, type Lang } from '@obmen/shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of the reply: `?lang=` first, then Accept-Language, Russian by default (design §3). */
    lang: Lang;
  }
}

export const requestLanguage = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'ru');
  // Read before validation: a route's query schema drops the `lang` it does not name.
  app.addHook('onRequest', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    const fromQuery = query?.lang;
    request.lang = isLang(fromQuery) ? fromQuery : langFromAcceptLanguage(request.headers['accept-language']);
    done();
  });
});
