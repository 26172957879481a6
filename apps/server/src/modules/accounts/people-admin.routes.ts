import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserPatch, adminUserQuery, adminUserSchema, paged } from '@obmen/shared';
import { actorOf, consoleRoles } from '../admin/console';
import type { AuthGuards } from './auth-guards';
import type { PeopleAdminService } from './people-admin.service';

const uuidParam = z.object({ id: z.uuid() });
const updatedUser = adminUserSchema.pick({ id: true, username: true, role: true, blocked: true });
const twoFactorReset = adminUserSchema.pick({ id: true, username: true, twoFactor: true });

/** The console's people: admins find users, change their role, block them, turn off a lost 2FA. */
export const peopleAdminRoutes: FastifyPluginAsyncZod<{ guards: AuthGuards; people: PeopleAdminService }> = async (
  app,
  { guards, people },
) => {
  const { adminOnly } = consoleRoles(guards);

  app.get(
    '/api/admin/users',
    { ...adminOnly, schema: { querystring: adminUserQuery, response: { 200: paged(adminUserSchema) } } },
    async ({ query }) => people.users({ q: query.q, role: query.role }, query),
  );
  app.patch(
    '/api/admin/users/:id',
    { ...adminOnly, schema: { params: uuidParam, body: adminUserPatch, response: { 200: updatedUser } } },
    async (request) => people.updateUser(actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/api/admin/users/:id/reset-two-factor',
    { ...adminOnly, schema: { params: uuidParam, response: { 200: twoFactorReset } } },
    async (request) => people.resetTwoFactor(actorOf(request), request.params.id),
  );
};
