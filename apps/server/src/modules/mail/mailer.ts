import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Lang } from '@obmen/shared';
import type { Database, DbOrTx } from '../../db/database';
import { insertMail, lockPendingMails, markFailedAttempt, markSent } from './mail.repository';
import type { MailContent } from './mail.templates';

export interface QueuedMail {
  to: string;
  lang: Lang;
  kind: string;
  content: MailContent;
}

const MAX_ATTEMPTS = 5;
const RETRY_EVERY_MS = 15_000;
const BATCH = 20;

export interface MailerOptions {
  database: Database;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}

function createTransport(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    ...(url.username && { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }),
    // A plain smtp:// relay on this machine has no certificate worth checking; elsewhere STARTTLS is used when offered.
    ignoreTLS: url.protocol === 'smtp:' && loopback,
  });
}

/**
 * The transactional outbox: `enqueue` writes a mail in the caller's transaction, so a mail goes
 * out only when the change it reports is committed; `flush` then delivers it over SMTP. Without
 * SMTP_URL the mail is kept in the outbox for the operator, and the log says so (without its text).
 */
export function createMailer({ database, smtpUrl, from, log }: MailerOptions) {
  const transport = smtpUrl ? createTransport(smtpUrl) : null;
  let flushing: Promise<void> | null = null;
  let requested = false;
  let timer: NodeJS.Timeout | null = null;

  async function deliverBatch(): Promise<number> {
    if (!transport) return 0;
    return database.db.transaction(async (tx) => {
      const mails = await lockPendingMails(tx, BATCH);
      for (const mail of mails) {
        try {
          await transport.sendMail({
            from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.text,
            ...(mail.html && { html: mail.html }),
          });
          await markSent(tx, mail.id);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          log.warn({ mailId: mail.id, err: message }, 'mail delivery failed');
          await markFailedAttempt(tx, mail.id, message, mail.attempts + 1 >= MAX_ATTEMPTS);
        }
      }
      return mails.length;
    });
  }

  return {
    async enqueue(db: DbOrTx, { to, lang, kind, content }: QueuedMail): Promise<void> {
      await insertMail(db, { toAddress: to, lang, kind, ...content, status: transport ? 'pending' : 'logged' });
      // Not the text: a reset or ticket link in a log is a key anyone reading the logs holds (the console's Mail screen shows it).
      if (!transport) log.info({ mail: { to, kind, subject: content.subject } }, 'mail kept in outbox');
    },

    /** Delivers what is pending; a call during a run makes that run look again before it ends. */
    flush(): Promise<void> {
      if (!transport) return Promise.resolve();
      requested = true;
      flushing ??= (async () => {
        try {
          while (requested) {
            requested = false;
            while ((await deliverBatch()) === BATCH);
          }
        } catch (error) {
          log.error({ err: error }, 'mail delivery run failed');
        } finally {
          flushing = null;
        }
      })();
      return flushing;
    },

    /** Retries what failed for a passing reason, every 15 s. */
    start(): void {
      if (transport && !timer) {
        timer = setInterval(() => void this.flush(), RETRY_EVERY_MS);
        timer.unref();
      }
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await flushing;
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
