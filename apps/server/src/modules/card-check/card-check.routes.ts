import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardCheckQuery, cardCheckStatusSchema } from '@obmen/shared';
import { AppError } from '../../http/errors';
import type { AuthGuards } from '../accounts/auth-guards';
import { MAX_UPLOAD_BYTES } from './card-image';
import type { CardCheckService } from './card-check.service';

export const cardCheckRoutes: FastifyPluginAsyncZod<{ cardCheck: CardCheckService; guards: AuthGuards }> = async (
  app,
  { cardCheck, guards },
) => {
  // Paths as the spec writes them; a leading slash is how clients call them.
  app.post(
    '/api/v1/CardCheck/uploadimage',
    {
      preHandler: guards.optionalUser,
      bodyLimit: MAX_UPLOAD_BYTES + 1024 * 1024,
      schema: { querystring: cardCheckQuery, response: { 200: cardCheckStatusSchema } },
    },
    async (request) => {
      const body = request.body as { image?: unknown } | undefined;
      const image = body?.image;
      if (!Buffer.isBuffer(image)) throw new AppError(400, 'upload_missing', 'upload.missing');
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
