import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteStateNotice } from '@obmen/shared';
import type { SiteStateService } from './site-state.service';

/** 204 while exchanges are open (spec §4); 503 with the maintenance notice while they are not. */
export const siteStateRoutes: FastifyPluginAsyncZod<{ siteState: SiteStateService }> = async (app, { siteState }) => {
  app.get(
    '/api/v1/SiteState',
    { logLevel: 'warn', schema: { response: { 204: z.undefined(), 503: siteStateNotice } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const notice = await siteState.notice(request.lang);
      return notice ? reply.status(503).send(notice) : reply.status(204).send();
    },
  );
};
