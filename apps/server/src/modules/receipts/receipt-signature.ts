import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import canonicalize from 'canonicalize';
import { z } from 'zod';
import {
  RECEIPT_ALG,
  signedReceiptSchema,
  type Receipt,
  type ReceiptVerdictReason,
  type SignedReceipt,
} from '@obmen/shared';

// How a receipt is signed and checked (docs/receipts.md): Ed25519 over the RFC 8785 canonical
// JSON of `receipt`, so a file re-indented or with its keys reordered still verifies.

/** The bytes a signature covers. */
export function canonicalBytes(receipt: object): Buffer {
  return Buffer.from(canonicalize(receipt)!, 'utf8');
}

const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

export function newKeyPair(): { privateKey: Uint8Array; publicKey: Uint8Array } {
  const privateKey = ed25519.utils.randomSecretKey();
  return { privateKey, publicKey: ed25519.getPublicKey(privateKey) };
}

export function signReceipt(receipt: Receipt, key: { id: string; privateKey: Uint8Array }): SignedReceipt {
  const bytes = canonicalBytes(receipt);
  return {
    receipt,
    signature: {
      alg: RECEIPT_ALG,
      keyId: key.id,
      digest: digestOf(bytes),
      value: Buffer.from(ed25519.sign(bytes, key.privateKey)).toString('base64url'),
    },
  };
}

/**
 * A signed file as read for checking: its receipt any object, so a change that breaks the
 * receipt's shape (a renamed field, a number made text) is still "altered", not "not a receipt".
 */
const envelope = z.strictObject({
  receipt: z.record(z.string(), z.unknown()),
  signature: signedReceiptSchema.shape.signature,
});

export interface ReceiptCheck {
  reason: ReceiptVerdictReason;
  keyId: string | null;
  receipt: Receipt | null;
}

/**
 * What a receipt's text proves, checked in order: JSON at all, a receipt's shape, a key this site
 * published (`publicKeyOf` answers its 32 bytes, or null), then the signature. A signature that
 * fails is told apart by the digest beside it: content that no longer hashes to it was altered;
 * content that does, under a signature that still fails, has a damaged or foreign signature.
 */
export async function checkReceipt(
  text: string,
  publicKeyOf: (keyId: string) => Promise<Uint8Array | null>,
): Promise<ReceiptCheck> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { reason: 'malformed', keyId: null, receipt: null };
  }
  const parsed = envelope.safeParse(json);
  if (!parsed.success) return { reason: 'not_a_receipt', keyId: null, receipt: null };
  const { receipt, signature } = parsed.data;
  const keyId = signature.keyId;
  const publicKey = await publicKeyOf(keyId);
  if (!publicKey) return { reason: 'unknown_key', keyId, receipt: null };
  const bytes = canonicalBytes(receipt);
  const value = Buffer.from(signature.value, 'base64url');
  if (value.length === 64 && ed25519.verify(value, bytes, publicKey)) {
    // Only this site signs, and only receipts of this shape: one that is not is not a receipt.
    const shown = signedReceiptSchema.shape.receipt.safeParse(receipt);
    return shown.success
      ? { reason: 'valid', keyId, receipt: shown.data }
      : { reason: 'not_a_receipt', keyId, receipt: null };
  }
  return { reason: digestOf(bytes) === signature.digest ? 'bad_signature' : 'altered', keyId, receipt: null };
}
