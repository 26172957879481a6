import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ticketIdParams, ticketMessageBody, ticketThreadSchema } from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import { actorOf, consoleRoles } from '../admin/console';
import type { TicketMessagesService } from './ticket-messages.service';

/** A message is at most 2000 characters: 16 KB holds it in any script, and a padded body is refused unread. */
const MESSAGE_BODY_LIMIT = 16 * 1024;

/** The thread on the ticket page: whoever may open the ticket (its owner, or a visitor with its link). */
export const ticketMessagesRoutes: FastifyPluginAsyncZod<{
  messages: TicketMessagesService;
  guards: AuthGuards;
}> = async (app, { messages, guards }) => {
  app.get(
    '/api/v1/Tickets/:id/messages',
    { preHandler: guards.optionalUser, schema: { params: ticketIdParams, response: { 200: ticketThreadSchema } } },
    async (request) => messages.thread(request.params.id, request.user),
  );
  app.post(
    '/api/v1/Tickets/:id/messages',
    {
      preHandler: guards.optionalUser,
      bodyLimit: MESSAGE_BODY_LIMIT,
      schema: { params: ticketIdParams, body: ticketMessageBody, response: { 200: ticketThreadSchema } },
    },
    async (request) => messages.post(request.params.id, request.user, request.body.body, request.ip),
  );
};

/** The thread in the console's ticket panel: read it, answer it, or mark it read. */
export const ticketMessagesAdminRoutes: FastifyPluginAsyncZod<{
  messages: TicketMessagesService;
  guards: AuthGuards;
}> = async (app, { messages, guards }) => {
  const { operator } = consoleRoles(guards);
  app.get(
    '/api/admin/tickets/:id/messages',
    { ...operator, schema: { params: ticketIdParams, response: { 200: ticketThreadSchema } } },
    async (request) => messages.consoleThread(request.params.id),
  );
  app.post(
    '/api/admin/tickets/:id/messages',
    {
      ...operator,
      bodyLimit: MESSAGE_BODY_LIMIT,
      schema: { params: ticketIdParams, body: ticketMessageBody, response: { 200: ticketThreadSchema } },
    },
    async (request) => messages.answer(actorOf(request), request.params.id, request.body.body),
  );
  app.post(
    '/api/admin/tickets/:id/messages/read',
    { ...operator, schema: { params: ticketIdParams, response: { 200: ticketThreadSchema } } },
    async (request) => messages.markReadByOperator(request.params.id),
  );
};
