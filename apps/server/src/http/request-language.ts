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
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const fromQuery = query?.lang;
    request.lang = isLang(fromQuery) ? fromQuery : langFromAcceptLanguage(request.headers['accept-language']);
  });
});
