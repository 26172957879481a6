import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAmlSettings, adminAmlSettingsSchema } from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import { actorOf, consoleRoles } from '../admin/console';
import type { AmlScreening } from './aml.service';

/** The console's AML settings (issue 48): operators read them, admins set the policy. */
export const amlAdminRoutes: FastifyPluginAsyncZod<{ guards: AuthGuards; aml: AmlScreening }> = async (
  app,
  { guards, aml },
) => {
  const { operator, adminOnly } = consoleRoles(guards);
  app.get('/api/admin/aml/settings', { ...operator, schema: { response: { 200: adminAmlSettingsSchema } } }, () =>
    aml.settings(),
  );
  app.put(
    '/api/admin/aml/settings',
    { ...adminOnly, schema: { body: adminAmlSettings, response: { 200: adminAmlSettingsSchema } } },
    async (request) => aml.saveSettings(actorOf(request), request.body),
  );
};
