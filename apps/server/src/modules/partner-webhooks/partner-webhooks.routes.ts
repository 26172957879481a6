import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWebhookBody,
  rotateWebhookBody,
  updateWebhookBody,
  webhookDeliveriesSchema,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookParams,
  webhookSecretSchema,
} from '@obmen/shared';
import { z } from 'zod';
import type { AuthGuards } from '../accounts/auth-guards';
import type { PartnerWebhooks } from './partner-webhooks.service';

const BASE = '/api/v1/Partner/webhooks';

/** A partner's webhook endpoints (issue 47), in its own account: any signed-in account is a partner. */
export const partnerWebhooksRoutes: FastifyPluginAsyncZod<{ webhooks: PartnerWebhooks; guards: AuthGuards }> = async (
  app,
  { webhooks, guards },
) => {
  const preHandler = guards.requireUser;

  app.get(BASE, { preHandler, schema: { response: { 200: z.array(webhookEndpointSchema) } } }, async (request) =>
    webhooks.list(request.user!.id),
  );

  app.post(
    BASE,
    { preHandler, schema: { body: createWebhookBody, response: { 200: webhookSecretSchema } } },
    async (request) => webhooks.create(request.user!.id, request.body),
  );

  app.patch(
    `${BASE}/:id`,
    {
      preHandler,
      schema: { params: webhookParams, body: updateWebhookBody, response: { 200: webhookEndpointSchema } },
    },
    async (request) => webhooks.setPaused(request.user!.id, request.params.id, request.body.paused),
  );

  app.delete(`${BASE}/:id`, { preHandler, schema: { params: webhookParams } }, async (request, reply) => {
    await webhooks.remove(request.user!.id, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    `${BASE}/:id/rotate`,
    { preHandler, schema: { params: webhookParams, body: rotateWebhookBody, response: { 200: webhookSecretSchema } } },
    async (request) => webhooks.rotate(request.user!.id, request.params.id, request.body.overlapHours),
  );

  app.get(
    `${BASE}/:id/deliveries`,
    { preHandler, schema: { params: webhookParams, response: { 200: webhookDeliveriesSchema } } },
    async (request) => webhooks.deliveries(request.user!.id, request.params.id),
  );

  app.post(
    `${BASE}/:id/deliveries/:deliveryId/redeliver`,
    { preHandler, schema: { params: webhookDeliveryParams, response: { 200: webhookDeliverySchema } } },
    async (request) =>
      webhooks.redeliver(request.user!.id, request.user!.username, request.params.id, request.params.deliveryId),
  );
};
