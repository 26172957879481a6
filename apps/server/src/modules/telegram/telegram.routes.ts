import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffTelegramSchema,
  telegramAlertSettingsSchema,
  telegramDeepLinkSchema,
  ticketIdParams,
  ticketTelegramLogSchema,
  ticketTelegramSchema,
} from '@obmen/shared';
import { ConflictError } from '../../http/errors';
import type { AuthGuards } from '../accounts/auth-guards';
import { actorOf, consoleRoles } from '../admin/console';
import type { RateLimitStore } from '../rate-limits/rate-limit-store';
import { rateLimitGuard } from '../rate-limits/rate-limit.guard';
import type { TicketsService } from '../tickets/tickets.service';
import type { TelegramMessageUpdate } from './bot-api';
import type { Telegram } from './telegram.service';

const telegramOff = () => new ConflictError('telegram_off', 'telegram.off');
/** A deep link is a row and a token: a person asks for a few, a script is stopped. */
const LINKS_PER_ADDRESS = { max: 20, windowSeconds: 3600 };

/**
 * Telegram's routes (issue 46): a ticket's "Get updates in Telegram" (who may read the ticket may
 * link it), the webhook Telegram posts to in webhook mode, and the console's part.
 */
export const telegramRoutes: FastifyPluginAsyncZod<{
  telegram: Telegram;
  tickets: TicketsService;
  guards: AuthGuards;
  rateLimits: RateLimitStore;
}> = async (app, { telegram, tickets, guards, rateLimits }) => {
  const { operator, adminOnly } = consoleRoles(guards);

  app.get(
    '/api/v1/Tickets/:id/telegram',
    { preHandler: guards.optionalUser, schema: { params: ticketIdParams, response: { 200: ticketTelegramSchema } } },
    async (request) => {
      const ticket = await tickets.readable(request.params.id, request.user);
      return telegram.ticketStatus(ticket.id);
    },
  );

  app.post(
    '/api/v1/Tickets/:id/telegram',
    {
      preHandler: [guards.optionalUser, rateLimitGuard(rateLimits, 'telegram-link', LINKS_PER_ADDRESS)],
      schema: { params: ticketIdParams, response: { 200: telegramDeepLinkSchema } },
    },
    async (request) => {
      const ticket = await tickets.readable(request.params.id, request.user);
      if (!(await telegram.ticketStatus(ticket.id)).enabled) throw telegramOff();
      return telegram.ticketLink(ticket.id);
    },
  );

  if (telegram.enabled && telegram.webhookMode) {
    app.post('/api/telegram/webhook', { bodyLimit: 256 * 1024 }, async (request, reply) => {
      // Telegram signs nothing: the secret given to setWebhook, sent back in this header, is the proof.
      if (!telegram.webhookAllowed(request.headers['x-telegram-bot-api-secret-token'] as string | undefined)) {
        return reply.code(401).send({ error: { code: 'unauthorized', message: 'Unauthorized' } });
      }
      await telegram.handleWebhook(request.body as TelegramMessageUpdate);
      return { ok: true };
    });
  }

  app.get('/api/admin/telegram', { ...operator, schema: { response: { 200: staffTelegramSchema } } }, async (request) =>
    telegram.staffStatus(request.user!.id),
  );

  app.post(
    '/api/admin/telegram/link',
    { ...operator, schema: { response: { 200: telegramDeepLinkSchema } } },
    async (request) => {
      if (!telegram.enabled) throw telegramOff();
      return telegram.staffLink(request.user!.id);
    },
  );

  app.delete(
    '/api/admin/telegram/link',
    { ...operator, schema: { response: { 200: staffTelegramSchema } } },
    async (request) => {
      await telegram.unlinkStaff(request.user!.id);
      return telegram.staffStatus(request.user!.id);
    },
  );

  app.put(
    '/api/admin/telegram/alerts',
    { ...adminOnly, schema: { body: telegramAlertSettingsSchema, response: { 200: telegramAlertSettingsSchema } } },
    async (request) => {
      return telegram.saveSettings(request.body, actorOf(request));
    },
  );

  app.get(
    '/api/admin/tickets/:id/telegram',
    {
      ...operator,
      schema: { params: z.object({ id: z.string().min(1).max(64) }), response: { 200: ticketTelegramLogSchema } },
    },
    async (request) => telegram.ticketLog(request.params.id),
  );
};
