import * as z from './zod';

/** What a partner's endpoint can be told of its tickets (issue 47). */
export const WEBHOOK_EVENTS = [
  'ticket.created',
  'ticket.payment_seen',
  'ticket.paid',
  'ticket.problem',
  'ticket.success',
  'ticket.error',
  'ticket.refunded',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** How many endpoints one account may have. */
export const MAX_WEBHOOK_ENDPOINTS = 5;

export const webhookParams = z.object({ id: z.uuid() });
export const webhookDeliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });

export const createWebhookBody = z.object({
  url: z
    .string()
    .trim()
    .max(2000, 'webhook.urlInvalid')
    .pipe(z.url({ error: 'webhook.urlInvalid' })),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'webhook.eventsRequired' }))
    .min(1, 'webhook.eventsRequired')
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

export const updateWebhookBody = z.object({ paused: z.boolean() });

/** A rotation keeps the old secret valid (both signatures are sent) for this many hours; 0 ends it at once. */
export const rotateWebhookBody = z.object({ overlapHours: z.number().int().min(0).max(168).default(24) });

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** `partner`: paused by its owner; `failing`: by the exchanger after deliveries kept failing. */
  pausedBy: z.enum(['partner', 'failing']).nullable(),
  consecutiveFailures: z.number().int(),
  /** Until when the secret before the last rotation still signs deliveries; null when none does. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to a creation or a rotation: the signing secret, shown this once. */
export const webhookSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  trigger: z.enum(['schedule', 'redeliver']),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  responseBody: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  ticketId: z.string().nullable(),
  state: z.enum(['pending', 'delivered', 'failed']),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The newest deliveries of one endpoint, each with its tries, newest first. */
export const webhookDeliveriesSchema = z.object({ items: z.array(webhookDeliverySchema) });
export type WebhookDeliveries = z.infer<typeof webhookDeliveriesSchema>;
