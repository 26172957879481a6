import { eq } from 'drizzle-orm';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import { startSmtpListener } from '../../../test/smtp-listener';
import type { Database } from '../../db/database';
import { outbox } from '../../db/schema';
import { createMailer } from './mailer';
import { passwordResetMail } from './mail.templates';

const silent = { info() {}, warn() {}, error() {} } as never;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const statusOf = async (to: string) => (await database.db.select().from(outbox).where(eq(outbox.toAddress, to)))[0];

describe('the mail outbox', () => {
  it('keeps mail in the outbox when no SMTP server is configured, and its text out of the log', async () => {
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args), warn() {}, error() {} } as never;
    const mailer = createMailer({ database, smtpUrl: undefined, from: 'Obmen <a@b.c>', log });
    await mailer.enqueue(database.db, {
      to: 'nosmtp@example.com',
      lang: 'ru',
      kind: 'password_reset',
      content: passwordResetMail('ru', 'u', 'http://x/ru/reset?token=secret-reset-token'),
    });
    await mailer.flush();
    expect(await statusOf('nosmtp@example.com')).toMatchObject({
      status: 'logged',
      subject: 'Obmen: восстановление пароля',
    });
    // The log says a mail waits in the outbox; the link in it is for the console's Mail screen alone (issue 42).
    expect(JSON.stringify(logged)).toContain('mail kept in outbox');
    expect(JSON.stringify(logged)).toContain('nosmtp@example.com');
    expect(JSON.stringify(logged)).not.toContain('secret-reset-token');
  });

  it('writes nothing when the transaction it belongs to rolls back', async () => {
    const mailer = createMailer({ database, smtpUrl: undefined, from: 'Obmen <a@b.c>', log: silent });
    await expect(
      database.db.transaction(async (tx) => {
        await mailer.enqueue(tx, {
          to: 'rolledback@example.com',
          lang: 'en',
          kind: 'test',
          content: passwordResetMail('en', 'u', 'http://x'),
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await statusOf('rolledback@example.com')).toBeUndefined();
  });

  it('keeps a mail pending while the SMTP server is down and delivers it once it answers', async () => {
    const port = await getPort();
    const down = createMailer({ database, smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Obmen <a@b.c>', log: silent });
    await down.enqueue(database.db, {
      to: 'later@example.com',
      lang: 'en',
      kind: 'password_reset',
      content: passwordResetMail('en', 'u', 'http://x'),
    });
    await down.flush();
    expect(await statusOf('later@example.com')).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await statusOf('later@example.com'))?.lastError).toMatch(/ECONNREFUSED/);
    await down.stop();

    const smtp = await startSmtpListener();
    const up = createMailer({ database, smtpUrl: smtp.url, from: 'Obmen <a@b.c>', log: silent });
    await up.flush();
    expect((await smtp.mailTo('later@example.com')).subject).toBe('Obmen: password reset');
    expect(await statusOf('later@example.com')).toMatchObject({ status: 'sent', attempts: 2 });
    await up.stop();
    await smtp.close();
  });
});
