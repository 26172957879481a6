import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  formatMessage,
  type Lang,
  type Receipt,
  type ReceiptKey,
  type ReceiptKeys,
  type ReceiptVerdict,
  type ReviewLink,
  type reviewLinksUpdate,
  type SignedReceipt,
  type Ticket,
} from '@obmen/shared';
import type { Db } from '../../db/database';
import type { UserRow } from '../accounts/accounts.repository';
import { ConflictError } from '../../http/errors';
import type { SecretSealer } from '../accounts/two-factor-secret';
import { writeAudit } from '../admin/admin.repository';
import type { Actor } from '../admin/console';
import type { TicketsService } from '../tickets/tickets.service';
import { checkReceipt, newKeyPair, signReceipt } from './receipt-signature';
import {
  findActiveKey,
  findKey,
  insertKey,
  listKeys,
  listReviewMonitors,
  lockKeys,
  replaceReviewMonitors,
  retireKey,
  type ReceiptKeyRow,
} from './receipts.repository';

/** Sealed private keys are bound to their key id: a sealed text copied to another row does not open. */
const keyOwner = (keyId: string) => `receipt-key:${keyId}`;

const firstAt = (ticket: Ticket, status: Ticket['status']) => ticket.history.find((h) => h.status === status)?.at;

/** What a successful ticket's receipt states: its sums, rate, transactions and times, nothing personal. */
export function receiptOf(ticket: Ticket, site: string): Receipt {
  return {
    version: 1,
    site,
    ticket: ticket.number,
    give: { currency: ticket.give.code, amount: ticket.give.sum },
    get: { currency: ticket.get.code, amount: ticket.get.sum },
    rate: ticket.rate,
    txids: {
      // What counted: confirmed and still on the chain (or entered by an operator).
      deposit: ticket.payments.filter((p) => p.confirmedAt !== null && !p.gone).map((p) => p.txid),
      payout: ticket.payoutReference,
    },
    createdAt: ticket.createdAt,
    paidAt: firstAt(ticket, 'new') ?? null,
    completedAt: ticket.history.findLast((h) => h.status === 'success')?.at ?? ticket.updatedAt,
  };
}

function toKey(row: ReceiptKeyRow): ReceiptKey {
  return {
    kty: 'OKP',
    crv: 'Ed25519',
    x: row.publicKey,
    kid: row.id,
    use: 'sig',
    alg: 'EdDSA',
    createdAt: row.createdAt.toISOString(),
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

export interface ReceiptsOptions {
  db: Db;
  sealer: SecretSealer;
  tickets: Pick<TicketsService, 'get'>;
  /** The site a receipt names: PUBLIC_URL's origin. */
  publicUrl: string;
}

/**
 * Signed receipts of successful tickets (issue 48): the signing key made on first need and kept
 * sealed, rotations that keep every old public key published, the one check `/verify` runs, and
 * the monitors a customer is invited to review the exchange on.
 */
export function createReceiptsService({ db, sealer, tickets, publicUrl }: ReceiptsOptions) {
  const site = new URL(publicUrl).origin;
  // A key id's halves never change: each is read from its row once per process.
  const privateKeys = new Map<string, Uint8Array>();
  const publicKeys = new Map<string, Uint8Array>();

  function newKeyRow() {
    const { privateKey, publicKey } = newKeyPair();
    const id = `rk_${randomBytes(8).toString('hex')}`;
    return {
      id,
      publicKey: Buffer.from(publicKey).toString('base64url'),
      sealedPrivateKey: sealer.seal(keyOwner(id), Buffer.from(privateKey).toString('base64url')),
    };
  }

  /** The key that signs now; the first one is made here, once, whoever asks first. */
  async function signingKey(): Promise<{ id: string; privateKey: Uint8Array }> {
    const row =
      (await findActiveKey(db)) ??
      (await db.transaction(async (tx) => {
        await lockKeys(tx);
        return (await findActiveKey(tx)) ?? insertKey(tx, newKeyRow());
      }));
    let privateKey = privateKeys.get(row.id);
    if (!privateKey) {
      privateKey = new Uint8Array(Buffer.from(sealer.open(keyOwner(row.id), row.sealedPrivateKey), 'base64url'));
      privateKeys.set(row.id, privateKey);
    }
    return { id: row.id, privateKey };
  }

  async function publicKeyOf(keyId: string): Promise<Uint8Array | null> {
    const known = publicKeys.get(keyId);
    if (known) return known;
    const row = await findKey(db, keyId);
    if (!row) return null;
    const key = new Uint8Array(Buffer.from(row.publicKey, 'base64url'));
    publicKeys.set(keyId, key);
    return key;
  }

  return {
    /** A successful ticket's signed receipt, to whoever may see the ticket (the ticket's own rule). */
    async receipt(ticketId: string, requester: UserRow | null, lang: Lang): Promise<SignedReceipt> {
      const ticket = await tickets.get(ticketId, requester, lang);
      if (ticket.status !== 'success') throw new ConflictError('receipt_not_ready', 'receipt.notReady');
      return signReceipt(receiptOf(ticket, site), await signingKey());
    },

    /** Whether a receipt's text is one this site signed, unchanged, and if not, why. */
    async verify(text: string, lang: Lang): Promise<ReceiptVerdict> {
      const check = await checkReceipt(text, publicKeyOf);
      return {
        valid: check.reason === 'valid',
        reason: check.reason,
        message: formatMessage(lang, `receiptVerdict.${check.reason}`),
        keyId: check.keyId,
        receipt: check.receipt,
      };
    },

    /** Every key that ever signed (the first made now if none has), the active one first. */
    async keys(): Promise<ReceiptKeys> {
      await signingKey();
      return { keys: (await listKeys(db)).map(toKey) };
    },

    /** A new signing key; the old one signs no more and stays published, so its receipts still verify. */
    async rotate(actor: Actor): Promise<ReceiptKeys> {
      await db.transaction(async (tx) => {
        await lockKeys(tx);
        const before = await findActiveKey(tx);
        if (before) await retireKey(tx, before.id);
        const after = await insertKey(tx, newKeyRow());
        await writeAudit(tx, {
          actorId: actor.id,
          actorName: actor.username,
          action: 'rotate',
          resource: 'receipt-keys',
          resourceId: after.id,
          before: before ? { keyId: before.id, publicKey: before.publicKey } : null,
          after: { keyId: after.id, publicKey: after.publicKey },
        });
      });
      return { keys: (await listKeys(db)).map(toKey) };
    },

    async reviewLinks(): Promise<ReviewLink[]> {
      return (await listReviewMonitors(db)).map(({ name, url }) => ({ name, url }));
    },

    async setReviewLinks(actor: Actor, body: z.output<typeof reviewLinksUpdate>): Promise<ReviewLink[]> {
      return db.transaction(async (tx) => {
        const before = (await listReviewMonitors(tx)).map(({ name, url }) => ({ name, url }));
        await replaceReviewMonitors(tx, body.links);
        await writeAudit(tx, {
          actorId: actor.id,
          actorName: actor.username,
          action: 'update',
          resource: 'review-links',
          resourceId: 'all',
          before,
          after: body.links,
        });
        return body.links;
      });
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
