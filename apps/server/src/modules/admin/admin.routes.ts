import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuditQuery,
  adminAuditSchema,
  adminAwaitingPaymentSchema,
  adminSiteStateSchema,
  paged,
  siteStateUpdate,
} from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import { peopleAdminRoutes } from '../accounts/people-admin.routes';
import type { PeopleAdminService } from '../accounts/people-admin.service';
import { contentAdminRoutes } from '../content/content-admin.routes';
import type { ContentAdminService } from '../content/content-admin.service';
import { exchangeSetupRoutes } from '../exchange/exchange-setup.routes';
import type { ExchangeSetupService } from '../exchange/exchange-setup.service';
import { outboxAdminRoutes } from '../mail/outbox-admin.routes';
import type { OutboxAdminService } from '../mail/outbox-admin.service';
import { promoAdminRoutes } from '../promo/promo-admin.routes';
import type { PromoAdminService } from '../promo/promo-admin.service';
import { payoutsAdminRoutes } from '../referral/payouts-admin.routes';
import type { PayoutsAdminService } from '../referral/payouts-admin.service';
import { ticketPayoutsRoutes } from '../ticket-payouts/ticket-payouts.routes';
import type { TicketPayoutsService } from '../ticket-payouts/ticket-payouts.service';
import { ticketMessagesAdminRoutes } from '../ticket-messages/ticket-messages.routes';
import type { TicketMessagesService } from '../ticket-messages/ticket-messages.service';
import { ticketDeskRoutes } from '../tickets/ticket-desk.routes';
import type { TicketDeskService } from '../tickets/ticket-desk.service';
import type { TicketHoldsService } from '../tickets/ticket-holds.service';
import type { TicketClaimsService } from '../tickets/ticket-claims.service';
import type { CannedRepliesService } from '../tickets/canned-replies.service';
import type { AdminService } from './admin.service';
import { actorOf, consoleRoles } from './console';

export interface AdminDeps {
  guards: AuthGuards;
  admin: AdminService;
  desk: TicketDeskService;
  holds: TicketHoldsService;
  /** Who works on which ticket, and the desk's settings (issue 46). */
  claims: TicketClaimsService;
  replies: CannedRepliesService;
  setup: ExchangeSetupService;
  people: PeopleAdminService;
  promo: PromoAdminService;
  payouts: PayoutsAdminService;
  /** Automatic payouts of tickets (issue 44); referral payouts are `payouts`. */
  ticketPayouts: TicketPayoutsService;
  outbox: OutboxAdminService;
  content: ContentAdminService;
  /** The thread on each ticket (issue 46). */
  messages: TicketMessagesService;
}

/**
 * The operator console's API (design §6). Operators run the day: tickets, directions, prices,
 * reserves, the site state, payouts and the outbox. Admins also set up currencies, new directions
 * and discounts, manage people and promo codes, edit the content and read the audit
 * (docs/decisions.md; admin.routes.test.ts holds the same split and checks every route against it).
 * Each domain's console routes live beside that domain; they are all registered here.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  const { guards, admin } = deps;
  const { operator, adminOnly } = consoleRoles(guards);

  await app.register(ticketDeskRoutes, {
    guards,
    desk: deps.desk,
    holds: deps.holds,
    claims: deps.claims,
    replies: deps.replies,
  });
  await app.register(ticketMessagesAdminRoutes, { guards, messages: deps.messages });
  await app.register(exchangeSetupRoutes, { guards, setup: deps.setup });

  app.get('/api/admin/site-state', { ...operator, schema: { response: { 200: adminSiteStateSchema } } }, () =>
    admin.siteState(),
  );
  app.get(
    '/api/admin/site-state/awaiting-payment',
    { ...operator, schema: { response: { 200: adminAwaitingPaymentSchema } } },
    () => admin.awaitingPayment(),
  );
  app.put(
    '/api/admin/site-state',
    { ...operator, schema: { body: siteStateUpdate, response: { 200: adminSiteStateSchema } } },
    async (request) => admin.setSiteState(actorOf(request), request.body),
  );

  await app.register(peopleAdminRoutes, { guards, people: deps.people });
  await app.register(promoAdminRoutes, { guards, promo: deps.promo });
  await app.register(payoutsAdminRoutes, { guards, payouts: deps.payouts });
  await app.register(ticketPayoutsRoutes, { guards, payouts: deps.ticketPayouts });
  await app.register(outboxAdminRoutes, { guards, outbox: deps.outbox });

  app.get(
    '/api/admin/audit',
    { ...adminOnly, schema: { querystring: adminAuditQuery, response: { 200: paged(adminAuditSchema) } } },
    async ({ query }) => admin.audit({ q: query.q, resource: query.resource }, query),
  );

  await app.register(contentAdminRoutes, { guards, content: deps.content });
};
