import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPromoIssue, adminPromoQuery, adminPromoSchema, paged } from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import { actorOf, consoleRoles } from '../admin/console';
import type { PromoAdminService } from './promo-admin.service';

/** The console's promo codes: admins list and issue them. */
export const promoAdminRoutes: FastifyPluginAsyncZod<{ guards: AuthGuards; promo: PromoAdminService }> = async (
  app,
  { guards, promo },
) => {
  const { adminOnly } = consoleRoles(guards);

  app.get(
    '/api/admin/promo-codes',
    { ...adminOnly, schema: { querystring: adminPromoQuery, response: { 200: paged(adminPromoSchema) } } },
    async ({ query }) => promo.promoCodes({ q: query.q, status: query.status }, query),
  );
  app.post(
    '/api/admin/promo-codes',
    { ...adminOnly, schema: { body: adminPromoIssue, response: { 200: z.array(adminPromoSchema) } } },
    async (request) => promo.issuePromoCodes(actorOf(request), request.body),
  );
};
