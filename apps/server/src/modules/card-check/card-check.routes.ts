import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardCheckQuery, cardCheckStatusSchema } from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import type { CardCheckService } from './card-check.service';
import { readUploadedImage, refuseOversizedForm, UPLOAD_FORM_LIMITS } from './upload-form';

export const cardCheckRoutes: FastifyPluginAsyncZod<{ cardCheck: CardCheckService; guards: AuthGuards }> = async (
  app,
  { cardCheck, guards },
) => {
  // Multipart forms are read in this scope alone: every other call refuses them (415), as none takes a file.
  await app.register(multipart, { limits: UPLOAD_FORM_LIMITS });

  // Paths as the spec writes them; a leading slash is how clients call them.
  app.post(
    '/api/v1/CardCheck/uploadimage',
    {
      onRequest: refuseOversizedForm,
      preHandler: guards.optionalUser,
      schema: { querystring: cardCheckQuery, response: { 200: cardCheckStatusSchema } },
    },
    async (request) => {
      const image = await readUploadedImage(request);
      return cardCheck.upload(request.query.ticketId, request.user, image, request.lang);
    },
  );

  app.get(
    '/api/v1/CardCheck/checkstatusbyticket',
    {
      preHandler: guards.optionalUser,
      schema: { querystring: cardCheckQuery, response: { 200: cardCheckStatusSchema } },
    },
    async (request) => cardCheck.status(request.query.ticketId, request.user, request.lang),
  );

  app.get(
    '/api/v1/CardCheck/image',
    { preHandler: guards.optionalUser, schema: { querystring: cardCheckQuery } },
    async (request, reply) => {
      const image = await cardCheck.image(request.query.ticketId, request.user);
      if (!image) return reply.status(404).send();
      return reply.type('image/jpeg').header('cache-control', 'private, no-store').send(image);
    },
  );
};
