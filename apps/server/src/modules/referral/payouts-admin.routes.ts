import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPayoutPay, adminPayoutQuery, adminPayoutReject, adminPayoutSchema, paged } from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import { actorOf, consoleRoles } from '../admin/console';
import type { PayoutsAdminService } from './payouts-admin.service';

const uuidParam = z.object({ id: z.uuid() });

/** The console's payouts: operators approve, pay or reject partners' requests. */
export const payoutsAdminRoutes: FastifyPluginAsyncZod<{ guards: AuthGuards; payouts: PayoutsAdminService }> = async (
  app,
  { guards, payouts },
) => {
  const { operator } = consoleRoles(guards);

  app.get(
    '/api/admin/payouts',
    { ...operator, schema: { querystring: adminPayoutQuery, response: { 200: paged(adminPayoutSchema) } } },
    async ({ query }) => payouts.payouts(query.status, query),
  );
  app.post(
    '/api/admin/payouts/:id/approve',
    { ...operator, schema: { params: uuidParam, response: { 200: adminPayoutSchema } } },
    async (request) => payouts.approvePayout(actorOf(request), request.params.id),
  );
  app.post(
    '/api/admin/payouts/:id/pay',
    { ...operator, schema: { params: uuidParam, body: adminPayoutPay, response: { 200: adminPayoutSchema } } },
    async (request) => payouts.payPayout(actorOf(request), request.params.id, request.body.reference),
  );
  app.post(
    '/api/admin/payouts/:id/reject',
    { ...operator, schema: { params: uuidParam, body: adminPayoutReject, response: { 200: adminPayoutSchema } } },
    async (request) => payouts.rejectPayout(actorOf(request), request.params.id, request.body.reason),
  );
};
