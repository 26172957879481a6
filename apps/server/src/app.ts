import { createHash } from 'node:crypto';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Decimal, PRICE_SOURCES } from '@obmen/shared';
import type { Config } from './config';
import type { Database } from './db/database';
import { COMPRESS_FROM } from './http/compression';
import { personalByDefault } from './http/public-cache';
import { requestIds } from './http/request-id';
import { logRequests, withRedactedRequests } from './http/request-log';
import securityHeaders, { securityHeadersOf } from './http/security-headers';
import { errorHandling, sendError } from './http/errors';
import { requestLanguage } from './http/request-language';
import { webFiles } from './http/web-files';
import { createPageReads } from './http/pages/page-reads';
import { createStatusService } from './modules/status/status.service';
import { statusRoutes } from './modules/status/status.routes';
import { pagesRoutes } from './http/pages/pages.routes';
import { loadRenderer } from './http/pages/renderer';
import { createCatalog, type Catalog } from './modules/exchange/exchange.catalog';
import { createExchangeService, type ExchangeService } from './modules/exchange/exchange.service';
import { createQuoteSigner } from './modules/exchange/quote-token';
import { exchangeRoutes } from './modules/exchange/exchange.routes';
import { healthRoutes } from './modules/health/health.routes';
import { accountsRoutes, DEFAULT_ACCOUNT_LIMITS, type AccountLimits } from './modules/accounts/accounts.routes';
import { createAccountsService, type AccountsService } from './modules/accounts/accounts.service';
import { createAuthGuards } from './modules/accounts/auth-guards';
import { createDeviceCookies } from './modules/accounts/device-cookie';
import { createSecretSealer } from './modules/accounts/two-factor-secret';
import { createPayoutIntents } from './modules/ticket-payouts/payout-intents';
import { createPayoutProviders } from './modules/ticket-payouts/payout-providers';
import {
  createPayoutWorker,
  PAYOUT_TIMINGS,
  type PayoutTimings,
  type PayoutWorker,
} from './modules/ticket-payouts/payout-worker';
import { clearPayoutBlocks } from './modules/ticket-payouts/ticket-payouts.repository';
import { createTicketPayoutsService } from './modules/ticket-payouts/ticket-payouts.service';
import { createTwoFactorService } from './modules/accounts/two-factor.service';
import { twoFactorRoutes } from './modules/accounts/two-factor.routes';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './modules/accounts/login-throttle';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { cardCheckRoutes } from './modules/card-check/card-check.routes';
import { createCardCheckService, type CardCheckService } from './modules/card-check/card-check.service';
import { DEFAULT_TICKET_LOOKUP_LIMITS, ticketsRoutes, type TicketLookupLimits } from './modules/tickets/tickets.routes';
import { createTicketsService, notifyingAll, type TicketsService } from './modules/tickets/tickets.service';
import { ticketMessagesRoutes } from './modules/ticket-messages/ticket-messages.routes';
import {
  createTicketMessagesService,
  type TicketMessageLimits,
} from './modules/ticket-messages/ticket-messages.service';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService } from './modules/admin/admin.service';
import { createPeopleAdminService } from './modules/accounts/people-admin.service';
import { createContentAdminService } from './modules/content/content-admin.service';
import { createExchangeSetupService } from './modules/exchange/exchange-setup.service';
import { createOutboxAdminService } from './modules/mail/outbox-admin.service';
import { createPromoAdminService } from './modules/promo/promo-admin.service';
import { createPayoutsAdminService } from './modules/referral/payouts-admin.service';
import { createTicketDeskService } from './modules/tickets/ticket-desk.service';
import { createTicketClaimsService } from './modules/tickets/ticket-claims.service';
import { createCannedRepliesService } from './modules/tickets/canned-replies.service';
import { createTicketHoldsService } from './modules/tickets/ticket-holds.service';
import { incomingPaymentsRoutes } from './modules/tickets/incoming-payments.routes';
import {
  createIncomingPaymentsService,
  type IncomingPaymentsService,
} from './modules/tickets/incoming-payments.service';
import { contentRoutes } from './modules/content/content.routes';
import { createContentService } from './modules/content/content.service';
import { sitemapRoutes } from './modules/seo/sitemap.routes';
import { createMetrics, registerScrapedGauges, timeRequests } from './modules/monitoring/metrics';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes';
import { serveMetricsOnLoopback } from './modules/monitoring/metrics-access';
import { createLiveRates } from './modules/rates/rates.job';
import { createRateSources } from './modules/rates/rate-sources';
import { createScheduler } from './modules/jobs/job-scheduler';
import { createBotApi } from './modules/telegram/bot-api';
import {
  createTelegram,
  TELEGRAM_TIMINGS,
  type Telegram,
  type TelegramTimings,
} from './modules/telegram/telegram.service';
import { telegramRoutes } from './modules/telegram/telegram.routes';
import { partnerWebhooksRoutes } from './modules/partner-webhooks/partner-webhooks.routes';
import { registerWebhookGauges } from './modules/partner-webhooks/partner-webhooks.metrics';
import {
  createPartnerWebhooks,
  WEBHOOK_TIMINGS,
  type PartnerWebhooks,
  type WebhookTimings,
} from './modules/partner-webhooks/partner-webhooks.service';
import { createWebhookSender } from './modules/partner-webhooks/webhook-sender';
import { CHAINS } from './modules/chain/addresses';
import { createChainWatcher, type OnObservation } from './modules/chain/chain-watcher';
import { createAmlBotClient } from './modules/aml/amlbot-client';
import { amlAdminRoutes } from './modules/aml/aml.routes';
import { createAmlScreening, type AmlPolling, type AmlScreening } from './modules/aml/aml.service';
import { allocateDeposit } from './modules/chain/deposits';
import { clearWatchErrors } from './modules/chain/chain.repository';
import { createRegisterCodes } from './modules/accounts/register-codes';
import { createRateLimitStore } from './modules/rate-limits/rate-limit-store';
import { promoRoutes } from './modules/promo/promo.routes';
import { createPromoService, type PromoService } from './modules/promo/promo.service';
import { referralRoutes } from './modules/referral/referral.routes';
import { partnerEmbedRoutes } from './modules/partner-embed/partner-embed.routes';
import { createPartnerEmbedService } from './modules/partner-embed/partner-embed.service';
import { createReferralService, type ReferralService } from './modules/referral/referral.service';
import { siteStateRoutes } from './modules/site-state/site-state.routes';
import { createPartnerKeyGuard } from './modules/partner-api/partner-key-auth';
import { partnerApiRoutes } from './modules/partner-api/partner-api.routes';
import { partnerKeysRoutes } from './modules/partner-api/partner-keys.routes';
import { createPartnerKeys } from './modules/partner-api/partner-keys.service';
import { createPartnerReports } from './modules/partner-api/partner-reports.service';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { createReceiptsService, type ReceiptsService } from './modules/receipts/receipts.service';
import { createSiteStateService, type SiteStateService } from './modules/site-state/site-state.service';

/** TRUST_PROXY for Fastify: a hop count becomes the function Fastify's types ask for. */
function trustedProxies(setting: Config['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** How long a client may take over a request before the server gives up on it. */
export interface ClientTimeouts {
  /** The whole request, head and body, must have arrived by then: Node answers 408 and closes. */
  requestMs: number;
  /** How often Node looks for requests past that time, so one is cut off at most this much later. */
  checkEveryMs: number;
  /** A connection on which nothing moves either way for this long is closed. */
  idleMs: number;
}

// A body that trickles in (slow loris) holds a connection and its parser: cut off within 30 s.
export const CLIENT_TIMEOUTS: ClientTimeouts = { requestMs: 25_000, checkEveryMs: 5_000, idleMs: 30_000 };

export interface AppDeps {
  config: Pick<Config, 'LOG_LEVEL' | 'PUBLIC_URL' | 'SMTP_URL' | 'MAIL_FROM'> &
    Partial<Pick<Config, 'REDIS_URL' | 'NODE_ENV'>> &
    Partial<
      Pick<
        Config,
        | 'RATE_SOURCE'
        | 'RATE_SOURCES'
        | 'RATE_BINANCE_URL'
        | 'RATE_OKX_URL'
        | 'RATE_BYBIT_URL'
        | 'RATE_KRAKEN_URL'
        | 'RATE_CBR_URL'
        | 'RATE_NBRB_URL'
        | 'RATE_SPREAD_PERCENT'
        | 'RATE_REFRESH_SECONDS'
        | 'TICKET_EXPIRY_CHECK_SECONDS'
        | 'PAYMENT_WINDOWS'
        | 'TELEGRAM_BOT_TOKEN'
        | 'TELEGRAM_BOT_USERNAME'
        | 'TELEGRAM_API_URL'
        | 'TELEGRAM_WEBHOOK_SECRET'
        | 'CHAIN_WATCH'
        | 'CHAIN_WATCH_SECONDS'
        | 'CHAIN_SCAN_BLOCKS'
        | 'CHAIN_HISTORY_PAGES'
        | 'CHAIN_GAP_LIMIT'
        | 'PAYOUTS'
        | 'PAYOUT_SECONDS'
        | 'PAYOUT_LEASE_SECONDS'
        | 'PAYOUT_SETTLE_SECONDS'
        | 'TRUST_PROXY'
        | 'METRICS_TOKEN'
        | 'METRICS_PORT'
        | 'RATES_EXPORT_BARE_AMOUNTS'
        | 'WEBHOOK_ALLOW_HTTP'
        | 'WEBHOOK_ALLOW_PRIVATE_HOSTS'
        | 'PARTNER_KEY_MAX_RATE'
        | 'EMBED_LOCAL_HTTP'
        | 'AML'
        | 'AML_URL'
        | 'AML_ACCESS_ID'
        | 'AML_ACCESS_KEY'
      >
    >;
  database: Database;
  /** The built web app to serve, or null to serve the API alone (tests, `npm run dev`). */
  webDist: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Signs tokens and keys visitor hashes (config SECRET or the generated one). */
  secret: string;
  /** Seals TOTP secrets at rest (config TWO_FACTOR_KEY or the generated one). */
  twoFactorKey: string;
  /** Where uploaded card photos are kept: outside the web root. */
  uploadsDir: string;
  /** Background work (mail retries, expiring unpaid tickets); off in tests that drive the app by hand. */
  startJobs?: boolean;
  limits?: {
    login?: Partial<LoginLimits>;
    accounts?: Partial<AccountLimits>;
    ticketLookup?: Partial<TicketLookupLimits>;
    ticketMessages?: TicketMessageLimits;
  };
  /** Shorter in the tests that play a slow client. */
  clientTimeouts?: ClientTimeouts;
  /** Where the chain watcher's observations go, in place of the log (tests). */
  onObservation?: OnObservation;
  /** Shorter leases and settling times of payouts, for the tests that crash and reconcile them. */
  payoutTimings?: PayoutTimings;
  /** Shorter Telegram polls, link lifetimes and retries (tests). */
  telegramTimings?: Partial<TelegramTimings>;
  /** Shorter webhook timeouts and retries, a lower pause threshold (tests). */
  webhookTimings?: Partial<WebhookTimings>;
  /** Quicker polls of a pending AML check and a shorter call timeout (tests). */
  amlTimings?: AmlPolling & { timeoutMs: number };
}

export async function buildApp({
  config,
  database,
  webDist,
  secret,
  twoFactorKey,
  uploadsDir,
  logger,
  startJobs = false,
  limits = {},
  clientTimeouts = CLIENT_TIMEOUTS,
  onObservation,
  payoutTimings,
  telegramTimings,
  webhookTimings,
  amlTimings,
}: AppDeps) {
  const app = Fastify({
    logger: withRedactedRequests(logger ?? { level: config.LOG_LEVEL }),
    // Fastify's "incoming request" and "request completed": logRequests writes one line instead.
    logController: new LogController({ disableRequestLogging: true }),
    // A request id from the proxy is kept, so one request can be followed across the logs.
    requestIdHeader: 'x-request-id',
    genReqId: requestIds(),
    trustProxy: trustedProxies(config.TRUST_PROXY ?? false),
    bodyLimit: 1024 * 1024,
    requestTimeout: clientTimeouts.requestMs,
    connectionTimeout: clientTimeouts.idleMs,
    // Node takes the larger of the head's limit (60 s by default) and the request's as the
    // request's: without the head's own, a body could trickle in for a minute.
    http: { headersTimeout: clientTimeouts.requestMs, connectionsCheckingInterval: clientTimeouts.checkEveryMs },
  }).withTypeProvider<ZodTypeProvider>();
  // The route table, for what needs to know every route: the authorization tests, metrics labels.
  const routeTable: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);
  const metrics = createMetrics();
  timeRequests(app, metrics);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  logRequests(app);
  // Before any route: a public read says so (http/public-cache.ts); everything else is no-store.
  await app.register(personalByDefault);

  // The OpenAPI document is generated from the same zod contracts that validate the calls.
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Obmen API',
        version: '1.0.0',
        description: 'The calls of the Obmen exchange (product spec §7) and the operator console (/api/admin).',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // The keyed partner API (issue 47, docs/partners.md): a key made in the partner's area.
          partnerKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'obk_<prefix>_<secret>',
            description: "A partner's API key: `Authorization: Bearer obk_<prefix>_<secret>`, scoped, rate-limited",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(requestLanguage);
  // The page renderer first: its documents' inline scripts are allowed by their hashes in the CSP.
  const renderer = await loadRenderer(app, { webDist, dev: config.NODE_ENV === 'development' });
  const inlineScriptHashes = (renderer?.INLINE_SCRIPTS ?? []).map(
    (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
  );
  await app.register(errorHandling);
  const documentHeaders = securityHeadersOf({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The document's inline scripts (the theme, before the first paint) by their hashes.
        scriptSrc: ["'self'", ...inlineScriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // No page is framed (frame-ancestors 'none'), and older browsers are told the same; only
    // /embed, for the partner's own sites, drops it (security-headers.ts).
    xFrameOptions: { action: 'deny' },
    // Mail and Telegram links open in new tabs; they must not reach back into the exchanger.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Nothing of an address leaves the site; within it, a login followed before the app started
    // still knows the page to return to (guards.ts).
    referrerPolicy: { policy: 'same-origin' },
    hsts: config.PUBLIC_URL.startsWith('https:'),
  });
  await app.register(securityHeaders, { documentHeaders });
  await app.register(compress, { threshold: COMPRESS_FROM });
  // The spec's "POST form" calls: url-encoded forms as well as JSON (design §3). Multipart is read
  // only where a file is expected (the card photo, card-check.routes.ts); elsewhere it is a 415.
  await app.register(formbody);
  await app.register(cookie);

  const mailer = createMailer({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  if (startJobs) mailer.start();
  app.addHook('onClose', () => mailer.stop());

  const rateLimits = await createRateLimitStore({ db: database.db, redisUrl: config.REDIS_URL, log: app.log });
  app.addHook('onClose', () => rateLimits.close());
  const sealer = createSecretSealer(twoFactorKey);
  const twoFactor = createTwoFactorService({ db: database.db, sealer });
  const registerCodes = createRegisterCodes({ db: database.db, mailer, publicUrl: config.PUBLIC_URL, secret });
  const accounts = createAccountsService({
    db: database.db,
    deviceCookies: createDeviceCookies(secret),
    twoFactor,
    registerCodes,
    mailer,
    publicUrl: config.PUBLIC_URL,
    ...(limits.login && { loginLimits: { ...DEFAULT_LOGIN_LIMITS, ...limits.login } }),
  });
  const guards = createAuthGuards(accounts, twoFactor);
  app.decorateRequest('user', null);
  app.decorateRequest('accessToken', null);

  await app.register(healthRoutes, { database });
  await app.register(accountsRoutes, {
    accounts,
    registerCodes,
    guards,
    rateLimits,
    limits: { ...DEFAULT_ACCOUNT_LIMITS, ...limits.accounts },
    secureCookies: config.PUBLIC_URL.startsWith('https:'),
  });
  await app.register(twoFactorRoutes, { twoFactor, accounts, guards });
  const siteState = createSiteStateService(database.db, database);
  const stopFollowingSiteState = await siteState.follow();
  app.addHook('onClose', () => stopFollowingSiteState());
  await app.register(siteStateRoutes, { siteState });
  const catalog = createCatalog(database.db, database);
  if (!config.CHAIN_WATCH) await clearWatchErrors(database.db);
  const payoutsOn = config.PAYOUTS ?? false;
  if (!payoutsOn) await clearPayoutBlocks(database.db);
  await catalog.refresh();
  const stopFollowing = await catalog.follow();
  app.addHook('onClose', () => stopFollowing());
  const signer = createQuoteSigner(secret);
  const exchange = createExchangeService({
    db: database.db,
    catalog,
    signer,
    chainWatch: config.CHAIN_WATCH,
    payouts: payoutsOn,
  });
  await app.register(exchangeRoutes, { exchange, guards });
  const status = createStatusService({ db: database.db, catalog, exchange, siteState });
  await app.register(statusRoutes, { status });
  const referral = createReferralService({ db: database.db, catalog, secret, publicUrl: config.PUBLIC_URL });
  await app.register(referralRoutes, { referral, guards });
  const partnerEmbed = createPartnerEmbedService({ db: database.db, localHttp: config.EMBED_LOCAL_HTTP ?? false });
  await app.register(partnerEmbedRoutes, { partnerEmbed, guards });
  const promo = createPromoService(database.db);
  await app.register(promoRoutes, { promo, exchange, guards });
  const payoutIntents = createPayoutIntents({ catalog, enabled: payoutsOn });
  const telegram = createTelegram({
    database,
    log: app.log,
    api: config.TELEGRAM_BOT_TOKEN
      ? createBotApi({
          token: config.TELEGRAM_BOT_TOKEN,
          baseUrl: config.TELEGRAM_API_URL ?? 'https://api.telegram.org',
          timeoutMs: telegramTimings?.callTimeoutMs ?? TELEGRAM_TIMINGS.callTimeoutMs,
        })
      : null,
    botUsername: config.TELEGRAM_BOT_USERNAME ?? null,
    webhookSecret: config.TELEGRAM_WEBHOOK_SECRET ?? null,
    publicUrl: config.PUBLIC_URL,
    ...(telegramTimings && { timings: telegramTimings }),
  });
  app.addHook('onClose', () => telegram.stop());
  const webhooks = createPartnerWebhooks({
    db: database.db,
    sealer,
    sender: createWebhookSender({ timeoutMs: webhookTimings?.timeoutMs ?? WEBHOOK_TIMINGS.timeoutMs }),
    mailer,
    log: app.log,
    publicUrl: config.PUBLIC_URL,
    addressRules: {
      allowHttp: config.WEBHOOK_ALLOW_HTTP ?? false,
      allowPrivateHosts: config.WEBHOOK_ALLOW_PRIVATE_HOSTS ?? false,
    },
    ...(webhookTimings && { timings: webhookTimings }),
  });
  await app.register(partnerWebhooksRoutes, { webhooks, guards });
  const tickets = createTicketsService({
    notifier: notifyingAll(telegram, webhooks.notifier),
    onSuccess: async (tx, ticket) => {
      await referral.accrue(tx, ticket);
      if (ticket.userId) exchange.forgetTurnover(ticket.userId);
    },
    onPaid: payoutIntents.queueIn,
    guard: payoutIntents.guardIn,
    db: database.db,
    catalog,
    exchange,
    signer,
    mailer,
    siteState,
    publicUrl: config.PUBLIC_URL,
    secret,
    ...(config.PAYMENT_WINDOWS && { paymentWindowOverrides: config.PAYMENT_WINDOWS }),
    ...(config.CHAIN_WATCH && { allocateDeposit }),
    // The screening service needs the tickets service (its reviews' deadlines): it is made just below.
    ...(config.AML && { screenPayout: (get, requisites) => aml.screenPayout(get, requisites) }),
  });
  const aml: AmlScreening = createAmlScreening({
    db: database.db,
    provider: createAmlBotClient({
      baseUrl: config.AML_URL ?? 'https://extrnlapiendpoint.silencatech.com',
      accessId: config.AML_ACCESS_ID ?? '',
      accessKey: config.AML_ACCESS_KEY ?? '',
      ...(amlTimings && { timeoutMs: amlTimings.timeoutMs }),
    }),
    catalog,
    tickets,
    mailer,
    log: app.log,
    ...(amlTimings && { polling: amlTimings }),
  });
  await app.register(amlAdminRoutes, { guards, aml });
  await app.register(ticketsRoutes, {
    tickets,
    guards,
    rateLimits,
    lookupLimits: { ...DEFAULT_TICKET_LOOKUP_LIMITS, ...limits.ticketLookup },
  });
  // Partners (issue 47): keys in the user area, the keyed API on the same services as the site.
  const partnerKeys = createPartnerKeys({ db: database.db, maxRatePerMinute: config.PARTNER_KEY_MAX_RATE ?? 600 });
  const partnerReports = createPartnerReports({ db: database.db, catalog, tickets });
  await app.register(partnerKeysRoutes, { keys: partnerKeys, reports: partnerReports, guards });
  await app.register(partnerApiRoutes, {
    exchange,
    tickets,
    reports: partnerReports,
    requireKey: createPartnerKeyGuard({ keys: partnerKeys, rateLimits }),
  });
  const receipts = createReceiptsService({ db: database.db, sealer, tickets, publicUrl: config.PUBLIC_URL });
  await app.register(receiptsRoutes, { receipts, guards, rateLimits });
  const payments = createIncomingPaymentsService({
    db: database.db,
    catalog,
    exchange,
    signer,
    mailer,
    tickets,
    ...(config.AML && { screen: aml.depositReview }),
  });
  await app.register(incomingPaymentsRoutes, { payments, guards });
  const cardCheck = createCardCheckService({
    db: database.db,
    tickets,
    uploadsDir,
    onPhotoSent: (tx, ticket) => telegram.cardPhotoSentIn(tx, ticket),
  });
  await app.register(telegramRoutes, { telegram, tickets, guards, rateLimits });
  await app.register(cardCheckRoutes, { cardCheck, guards });
  const messages = createTicketMessagesService({
    db: database.db,
    tickets,
    mailer,
    rateLimits,
    publicUrl: config.PUBLIC_URL,
    ...(limits.ticketMessages && { limits: limits.ticketMessages }),
  });
  await app.register(ticketMessagesRoutes, { messages, guards });
  const timings = payoutTimings ?? {
    ...PAYOUT_TIMINGS,
    ...(config.PAYOUT_LEASE_SECONDS !== undefined && { leaseSeconds: config.PAYOUT_LEASE_SECONDS }),
    ...(config.PAYOUT_SETTLE_SECONDS !== undefined && { settleSeconds: config.PAYOUT_SETTLE_SECONDS }),
  };
  const payoutWorker = createPayoutWorker({
    db: database.db,
    catalog,
    tickets,
    providers: createPayoutProviders({ db: database.db, catalog, sealer, timeoutMs: timings.callTimeoutMs }),
    log: app.log,
    timings,
  });
  const claims = createTicketClaimsService({ db: database.db });
  const ticketPayouts = createTicketPayoutsService({
    db: database.db,
    claims,
    catalog,
    tickets,
    sealer,
    enabled: payoutsOn,
    // A provider just set up shows its balance at once, not at the next minute's read.
    onProviderChanged: () => (payoutsOn ? payoutWorker.readBalances() : Promise.resolve()),
  });
  // The operator console: its own part (site state, audit) and each domain's part beside that domain.
  await app.register(adminRoutes, {
    guards,
    admin: createAdminService({ db: database.db, catalog, siteState }),
    desk: createTicketDeskService({ db: database.db, catalog, tickets, payments, cardCheck, ticketPayouts, claims }),
    messages,
    claims,
    replies: createCannedRepliesService({ db: database.db, catalog }),
    holds: createTicketHoldsService({ db: database.db, catalog, tickets }),
    setup: createExchangeSetupService({
      db: database.db,
      catalog,
      exchange,
      rateSource: config.RATE_SOURCE ?? 'static',
      spreadPercent: config.RATE_SPREAD_PERCENT ?? '2',
      gapLimit: config.CHAIN_GAP_LIMIT,
    }),
    people: createPeopleAdminService({ db: database.db, mailer }),
    promo: createPromoAdminService({ db: database.db }),
    payouts: createPayoutsAdminService({ db: database.db, catalog }),
    ticketPayouts,
    outbox: createOutboxAdminService({ db: database.db }),
    content: createContentAdminService({ db: database.db }),
  });
  registerScrapedGauges(metrics, database.db, catalog);
  registerWebhookGauges(metrics, database.db);
  if (startJobs) {
    const scheduler = createScheduler({ db: database.db, metrics, log: app.log });
    app.addHook('onClose', async () => scheduler.stop());
    // SKIP LOCKED in the job still gives each expired ticket to one transaction, whoever runs it.
    scheduler.every('expire_tickets', config.TICKET_EXPIRY_CHECK_SECONDS ?? 10, () => tickets.expireDue());
    scheduler.every('partner_webhooks', 2, () => webhooks.deliver());
    // SKIP LOCKED gives each overdue review to one process; an operator's decision at the same moment wins or loses whole.
    if (config.AML) {
      scheduler.every('aml_reviews', 60, () => aml.expireReviews());
      // A deposit held because the provider did not answer is screened again, and paid if clean.
      scheduler.every('aml_rescreen', 120, () => aml.recheckUnanswered());
    }
    if (config.RATE_SOURCE === 'live') {
      const live = createLiveRates({
        database,
        catalog,
        sources: createRateSources(config.RATE_SOURCES ?? PRICE_SOURCES, {
          binance: config.RATE_BINANCE_URL,
          okx: config.RATE_OKX_URL,
          bybit: config.RATE_BYBIT_URL,
          kraken: config.RATE_KRAKEN_URL,
          cbr: config.RATE_CBR_URL,
          nbrb: config.RATE_NBRB_URL,
        }),
        spreadPercent: new Decimal(config.RATE_SPREAD_PERCENT ?? '2'),
      });
      scheduler.every('live_rates', config.RATE_REFRESH_SECONDS ?? 60, () => live.refresh());
    }
    if (telegram.enabled) {
      // Each queued message is locked by the run that sends it (SKIP LOCKED): processes share the queue, none sends one twice.
      scheduler.every('telegram_send', 2, () => telegram.deliver());
      scheduler.every('telegram_alerts', 30, () => telegram.checkAlerts());
      await telegram.start();
    }
    if (payoutsOn) {
      // Each payout is claimed with its ticket locked: processes share the queue, none sends one twice.
      scheduler.every('payouts', config.PAYOUT_SECONDS ?? 10, () => payoutWorker.run());
      scheduler.every('payout_balances', 60, () => payoutWorker.readBalances());
    }
    if (config.CHAIN_WATCH) {
      const watcher = createChainWatcher({
        database,
        catalog,
        scanBlocks: config.CHAIN_SCAN_BLOCKS,
        historyPages: config.CHAIN_HISTORY_PAGES,
        // The payment goes on the ticket, which moves on at the currency's threshold (issue 35).
        onObservation:
          onObservation ??
          (async (observation) => {
            await payments.recordIncomingPayment(observation);
          }),
      });
      for (const chain of CHAINS) {
        scheduler.every(`chain_watch_${chain}`, config.CHAIN_WATCH_SECONDS ?? 30, () => watcher.watch(chain));
      }
    }
  }
  await app.register(monitoringRoutes, {
    catalog,
    exchange,
    siteState,
    metrics,
    metricsToken: config.METRICS_TOKEN,
    ratesExport: { bareAmounts: config.RATES_EXPORT_BARE_AMOUNTS ?? false },
  });
  if (config.METRICS_PORT) serveMetricsOnLoopback(app, metrics, config.METRICS_PORT);
  const content = createContentService(database.db);
  await app.register(contentRoutes, { content });
  await app.register(sitemapRoutes, { db: database.db, catalog, exchange, publicUrl: config.PUBLIC_URL });
  // Any other address or method: the API's JSON 404 (a GET of a page is drawn below).
  app.setNotFoundHandler((request, reply) => sendError(reply, request.lang, 404, 'not_found', 'error.notFound'));
  if (webDist) await app.register(webFiles, { webDist });
  if (renderer) {
    const reads = createPageReads({ exchange, content, siteState, status, receipts, tickets });
    await app.register(pagesRoutes, {
      renderer,
      reads,
      publicUrl: config.PUBLIC_URL,
      frameAncestors: (partner) => partnerEmbed.frameAncestors(partner),
    });
  }

  // The services, for what drives the product from outside HTTP: start-up jobs, tests, scripts.
  app.decorate('services', {
    accounts,
    catalog,
    exchange,
    mailer,
    siteState,
    tickets,
    payments,
    cardCheck,
    referral,
    promo,
    payoutWorker,
    telegram,
    webhooks,
    receipts,
    aml,
  });

  return app;
}

export interface Services {
  accounts: AccountsService;
  catalog: Catalog;
  exchange: ExchangeService;
  mailer: Mailer;
  siteState: SiteStateService;
  tickets: TicketsService;
  /** `recordIncomingPayment`: what a chain watcher calls when it sees a ticket's payment. */
  payments: IncomingPaymentsService;
  cardCheck: CardCheckService;
  referral: ReferralService;
  promo: PromoService;
  /** Sends due payouts and reconciles open ones (a job with PAYOUTS=on; tests run it by hand). */
  payoutWorker: PayoutWorker;
  /** Ticket news and operators' alerts in Telegram; `alert(kind, facts)` is the entry point for any alert. */
  telegram: Telegram;
  /** Partners' signed webhooks: `deliver` is their job (tests run it by hand). */
  webhooks: PartnerWebhooks;
  /** Signed receipts of successful tickets and the review links (issue 48). */
  receipts: ReceiptsService;
  /** AML screening (issue 48): `expireReviews` is its job (tests run it by hand). */
  aml: AmlScreening;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    routeTable: { method: string; url: string }[];
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
