import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuery, adminOutboxSchema, paged } from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import { consoleRoles } from '../admin/console';
import type { OutboxAdminService } from './outbox-admin.service';

/** The console's outbox: operators read every mail the server wrote. */
export const outboxAdminRoutes: FastifyPluginAsyncZod<{ guards: AuthGuards; outbox: OutboxAdminService }> = async (
  app,
  { guards, outbox },
) => {
  const { operator } = consoleRoles(guards);

  app.get(
    '/api/admin/outbox',
    { ...operator, schema: { querystring: adminListQuery, response: { 200: paged(adminOutboxSchema) } } },
    async ({ query }) => outbox.outbox(query.q, query),
  );
};
