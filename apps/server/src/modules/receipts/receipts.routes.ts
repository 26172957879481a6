import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RECEIPT_TEXT_LIMIT,
  receiptKeysSchema,
  receiptVerdictSchema,
  reviewLinksSchema,
  reviewLinksUpdate,
  signedReceiptSchema,
  ticketIdParams,
  verifyReceiptBody,
} from '@obmen/shared';
import { publicCache } from '../../http/public-cache';
import type { AuthGuards } from '../accounts/auth-guards';
import { rateLimitGuard } from '../rate-limits/rate-limit.guard';
import type { RateLimitStore } from '../rate-limits/rate-limit-store';
import { actorOf, consoleRoles } from '../admin/console';
import type { ReceiptsService } from './receipts.service';

/** Where anyone finds the public keys that sign receipts (JWKS-like: RFC 7517 with RFC 8037's OKP keys). */
export const RECEIPT_KEYS_PATH = '/.well-known/obmen-receipt-keys.json';

/** Checks one address may run: plenty for a person pasting receipts, not a free signature oracle for a script. */
export const VERIFICATIONS_PER_ADDRESS = { max: 100, windowSeconds: 600 };

/** Signed receipts (issue 48): a ticket's receipt, the check anyone may run, the keys, the review links. */
export const receiptsRoutes: FastifyPluginAsyncZod<{
  receipts: ReceiptsService;
  guards: AuthGuards;
  rateLimits: RateLimitStore;
}> = async (app, { receipts, guards, rateLimits }) => {
  const { adminOnly } = consoleRoles(guards);

  // Whoever may open the ticket may have its receipt; nobody else learns it exists.
  app.get(
    '/api/v1/Tickets/:id/receipt',
    { preHandler: guards.optionalUser, schema: { params: ticketIdParams, response: { 200: signedReceiptSchema } } },
    async (request) => receipts.receipt(request.params.id, request.user, request.lang),
  );

  app.post(
    '/api/v1/receipts/verify',
    {
      bodyLimit: RECEIPT_TEXT_LIMIT * 2,
      preHandler: rateLimitGuard(rateLimits, 'receipt-verify', VERIFICATIONS_PER_ADDRESS),
      schema: { body: verifyReceiptBody, response: { 200: receiptVerdictSchema } },
    },
    async (request) => receipts.verify(request.body.text, request.lang),
  );

  await app.register(async (reads) => {
    await reads.register(publicCache);
    reads.get(RECEIPT_KEYS_PATH, { schema: { response: { 200: receiptKeysSchema } } }, () => receipts.keys());
    reads.get('/api/v1/review-links', { schema: { response: { 200: reviewLinksSchema } } }, () =>
      receipts.reviewLinks(),
    );
  });

  // ——— The console: admins rotate the signing key and set the monitors customers are invited to ———
  app.get('/api/admin/receipt-keys', { ...adminOnly, schema: { response: { 200: receiptKeysSchema } } }, () =>
    receipts.keys(),
  );
  app.post(
    '/api/admin/receipt-keys/rotate',
    { ...adminOnly, schema: { response: { 200: receiptKeysSchema } } },
    async (request) => receipts.rotate(actorOf(request)),
  );
  app.get('/api/admin/review-links', { ...adminOnly, schema: { response: { 200: reviewLinksSchema } } }, () =>
    receipts.reviewLinks(),
  );
  app.put(
    '/api/admin/review-links',
    { ...adminOnly, schema: { body: reviewLinksUpdate, response: { 200: reviewLinksSchema } } },
    async (request) => receipts.setReviewLinks(actorOf(request), request.body),
  );
};
