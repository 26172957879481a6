import { createHmac, randomInt } from 'node:crypto';
import type { Lang } from '@obmen/shared';
import type { Db, DbOrTx } from '../../db/database';
import type { Mailer } from '../mail/mailer';
import { registerAttemptMail, registerCodeMail } from '../mail/register.templates';
import { findUserByEmail } from './accounts.repository';
import { consumeRegisterCode, saveRegisterCode, tryRegisterCode } from './register-codes.repository';

export interface RegisterCodeOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  lifetimeMinutes?: number;
  maxWrongTries?: number;
}

/** The lifetime and tries of a sign-up code as shipped (docs/security.md, "Signing in"). */
export const REGISTER_CODE_MINUTES = 15;
export const REGISTER_CODE_WRONG_TRIES = 5;

const mailbox = (email: string) => email.trim().toLowerCase();

/**
 * Sign-up codes: the e-mail is proven by a mailed code before an account is made, so /register
 * never tells a stranger whether an e-mail has an account (issue 42, item 12).
 */
export function createRegisterCodes({
  db,
  mailer,
  publicUrl,
  secret,
  lifetimeMinutes = REGISTER_CODE_MINUTES,
  maxWrongTries = REGISTER_CODE_WRONG_TRIES,
}: RegisterCodeOptions) {
  // A key of its own, so a stolen table cannot be matched against a million codes without SECRET.
  const key = createHmac('sha256', secret).update('obmen:register-code').digest();
  const hash = (email: string, code: string) =>
    createHmac('sha256', key)
      .update(`${mailbox(email)}\n${code}`)
      .digest('base64url');

  return {
    /**
     * Mails a code when the e-mail has no account, and its owner a note with sign-in links when it
     * has one; the caller answers the same either way.
     */
    async send(email: string, lang: Lang): Promise<void> {
      const owner = await findUserByEmail(db, email);
      await db.transaction(async (tx) => {
        if (owner) {
          const links = { login: `${publicUrl}/${owner.lang}/login`, reset: `${publicUrl}/${owner.lang}/reset` };
          await mailer.enqueue(tx, {
            to: owner.email,
            lang: owner.lang,
            kind: 'register_attempt',
            content: registerAttemptMail(owner.lang, owner.username, links),
          });
          return;
        }
        const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
        await saveRegisterCode(tx, mailbox(email), hash(email, code), new Date(Date.now() + lifetimeMinutes * 60_000));
        await mailer.enqueue(tx, {
          to: email.trim(),
          lang,
          kind: 'register_code',
          content: registerCodeMail(lang, code, lifetimeMinutes),
        });
      });
      void mailer.flush();
    },

    /** Whether the code is the e-mail's live one; a wrong one counts toward burning it. */
    check(email: string, code: string): Promise<boolean> {
      return tryRegisterCode(db, mailbox(email), hash(email, code), maxWrongTries);
    },

    /** Uses the code up, in the transaction that makes the account: false when it was taken meanwhile. */
    consume(tx: DbOrTx, email: string, code: string): Promise<boolean> {
      return consumeRegisterCode(tx, mailbox(email), hash(email, code));
    },
  };
}

export type RegisterCodes = ReturnType<typeof createRegisterCodes>;
