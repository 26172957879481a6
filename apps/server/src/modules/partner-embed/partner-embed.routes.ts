import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addEmbedOriginBody, embedOriginParams, embedOriginSchema, embedSettingsSchema } from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import type { PartnerEmbedService } from './partner-embed.service';

const BASE = '/api/v1/Partner/embed/origins';

/** The partner area's widget settings: the sites allowed to frame the partner's /embed (issue 47). */
export const partnerEmbedRoutes: FastifyPluginAsyncZod<{
  partnerEmbed: PartnerEmbedService;
  guards: AuthGuards;
}> = async (app, { partnerEmbed, guards }) => {
  app.get(
    BASE,
    { preHandler: guards.requireUser, schema: { response: { 200: embedSettingsSchema } } },
    async (request) => partnerEmbed.settings(request.user!),
  );

  app.post(
    BASE,
    { preHandler: guards.requireUser, schema: { body: addEmbedOriginBody, response: { 200: embedOriginSchema } } },
    async (request) => partnerEmbed.add(request.user!, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    { preHandler: guards.requireUser, schema: { params: embedOriginParams } },
    async (request, reply) => {
      await partnerEmbed.remove(request.user!, request.params.id);
      return reply.status(204).send();
    },
  );
};
