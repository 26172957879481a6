import * as z from './zod';
import { decimalString } from './exchange';

// Signed receipts of successful tickets and review invitations (issue 48). docs/receipts.md says
// how a receipt is signed, so anyone can check one without this site.

/** A base64url text without padding. */
const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/);

const receiptSide = z.object({ currency: z.string(), amount: decimalString });

/**
 * What a receipt states. The signature covers its RFC 8785 canonical JSON (keys sorted, no
 * spaces), so the order and spacing of a saved file do not matter and any other change does.
 */
export const receiptSchema = z.strictObject({
  version: z.literal(1),
  /** The site that signed it: its public address. */
  site: z.string(),
  ticket: z.number().int(),
  give: receiptSide,
  get: receiptSide,
  /** Units of `get` for one unit of `give`, exact. */
  rate: decimalString,
  /** The deposit's transactions as the ticket counted them, and the payout's, as the ticket records them. */
  txids: z.strictObject({ deposit: z.array(z.string()), payout: z.string().nullable() }),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  completedAt: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const RECEIPT_ALG = 'Ed25519';

export const receiptSignatureSchema = z.strictObject({
  alg: z.literal(RECEIPT_ALG),
  keyId: z.string().min(1).max(100),
  /** SHA-256 of the canonical receipt: tells an altered receipt from a damaged signature. */
  digest: base64url,
  /** The Ed25519 signature of the canonical receipt's UTF-8 bytes. */
  value: base64url,
});

/** The file a customer downloads: the receipt and its signature. */
export const signedReceiptSchema = z.strictObject({ receipt: receiptSchema, signature: receiptSignatureSchema });
export type SignedReceipt = z.infer<typeof signedReceiptSchema>;

/** One public key as a JWK (RFC 8037: OKP, Ed25519, `x` the 32 bytes base64url). */
export const receiptKeySchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  use: z.literal('sig'),
  alg: z.literal('EdDSA'),
  /** When it began signing, and when a rotation retired it (its receipts still verify). */
  createdAt: z.string(),
  retiredAt: z.string().nullable(),
});
export type ReceiptKey = z.infer<typeof receiptKeySchema>;

/** GET /.well-known/obmen-receipt-keys.json: every key that ever signed, the active one first. */
export const receiptKeysSchema = z.object({ keys: z.array(receiptKeySchema) });
export type ReceiptKeys = z.infer<typeof receiptKeysSchema>;

/** A receipt file is a few hundred bytes; this leaves room and refuses a padded body unread. */
export const RECEIPT_TEXT_LIMIT = 16 * 1024;

/** POST /api/v1/receipts/verify: the receipt's text as pasted or read from the file. */
export const verifyReceiptBody = z.object({ text: z.string().max(RECEIPT_TEXT_LIMIT, 'receipt.tooLong') });
export type VerifyReceiptBody = z.input<typeof verifyReceiptBody>;

/** Why a receipt is valid or not, in the order they are checked. */
export const RECEIPT_VERDICTS = [
  'valid',
  'malformed',
  'not_a_receipt',
  'unknown_key',
  'bad_signature',
  'altered',
] as const;
export type ReceiptVerdictReason = (typeof RECEIPT_VERDICTS)[number];

export const receiptVerdictSchema = z.object({
  valid: z.boolean(),
  reason: z.enum(RECEIPT_VERDICTS),
  /** The reason in the request's language. */
  message: z.string(),
  /** The key it names, when it names one. */
  keyId: z.string().nullable(),
  /** A valid receipt's content, to show what it proves. */
  receipt: receiptSchema.nullable(),
});
export type ReceiptVerdict = z.infer<typeof receiptVerdictSchema>;

/** A monitor where customers are invited to review the exchange. */
export const reviewLinkSchema = z.object({ name: z.string(), url: z.string() });
export type ReviewLink = z.infer<typeof reviewLinkSchema>;

/** GET /api/v1/review-links: empty when the operator set none (then nobody is invited). */
export const reviewLinksSchema = z.array(reviewLinkSchema);

export const MAX_REVIEW_LINKS = 10;

/** PUT /api/admin/review-links: the whole list, in the order shown. */
export const reviewLinksUpdate = z.object({
  links: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'validation.required').max(60, 'validation.maxLength'),
        url: z
          .string()
          .trim()
          .max(500, 'validation.maxLength')
          .pipe(z.url({ protocol: /^https?$/, error: 'receipt.reviewUrlInvalid' })),
      }),
    )
    .max(MAX_REVIEW_LINKS),
});
export type ReviewLinksUpdate = z.input<typeof reviewLinksUpdate>;
