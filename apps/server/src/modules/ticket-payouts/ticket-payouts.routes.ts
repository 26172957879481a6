import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPayoutReason,
  adminPayoutResolve,
  adminPayoutSettingsSchema,
  adminPayoutSettingsUpdate,
  adminTicketPayoutListSchema,
  adminTicketPayoutQuery,
  adminTicketPayoutSchema,
} from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import { actorOf, consoleRoles } from '../admin/console';
import type { TicketPayoutsService } from './ticket-payouts.service';

const uuidParam = z.object({ id: z.uuid() });
const codeParam = z.object({ code: z.string().regex(/^[A-Z0-9]{2,20}$/) });

/**
 * The console's automatic payouts (issue 44): operators watch the queue and decide what waits for
 * people; only admins choose a currency's provider, its secrets and its limits.
 */
export const ticketPayoutsRoutes: FastifyPluginAsyncZod<{ guards: AuthGuards; payouts: TicketPayoutsService }> = async (
  app,
  { guards, payouts },
) => {
  const { operator, adminOnly } = consoleRoles(guards);
  const decision = { params: uuidParam, response: { 200: adminTicketPayoutSchema } };

  app.get(
    '/api/admin/ticket-payouts',
    { ...operator, schema: { querystring: adminTicketPayoutQuery, response: { 200: adminTicketPayoutListSchema } } },
    async ({ query }) => payouts.list(query, query),
  );
  app.post('/api/admin/ticket-payouts/:id/approve', { ...operator, schema: decision }, async (request) =>
    payouts.approve(actorOf(request), request.params.id),
  );
  app.post(
    '/api/admin/ticket-payouts/:id/retry',
    { ...operator, schema: { ...decision, body: adminPayoutReason } },
    async (request) => payouts.retry(actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    '/api/admin/ticket-payouts/:id/cancel',
    { ...operator, schema: { ...decision, body: adminPayoutReason } },
    async (request) => payouts.cancel(actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    '/api/admin/ticket-payouts/:id/resolve',
    { ...operator, schema: { ...decision, body: adminPayoutResolve } },
    async (request) => payouts.resolve(actorOf(request), request.params.id, request.body),
  );
  app.get(
    '/api/admin/payout-settings',
    { ...adminOnly, schema: { response: { 200: z.array(adminPayoutSettingsSchema) } } },
    async () => payouts.settings(),
  );
  app.put(
    '/api/admin/payout-settings/:code',
    {
      ...adminOnly,
      schema: { params: codeParam, body: adminPayoutSettingsUpdate, response: { 200: adminPayoutSettingsSchema } },
    },
    async (request) => payouts.updateSettings(actorOf(request), request.params.code, request.body),
  );
};
