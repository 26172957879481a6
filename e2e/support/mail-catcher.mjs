// A local SMTP inbox for the browser tests: every mail the product server sends is written as
// JSON {to, subject, text, html, receivedAt} into E2E_MAIL_DIR, one file per mail and recipient.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.E2E_SMTP_PORT);
const mailDir = process.env.E2E_MAIL_DIR;
if (!port || !mailDir) {
  process.stderr.write('mail-catcher needs E2E_SMTP_PORT and E2E_MAIL_DIR\n');
  process.exit(2);
}
mkdirSync(mailDir, { recursive: true });

let sequence = 0;

function store(mail) {
  sequence += 1;
  const name = `${Date.now()}-${process.pid}-${sequence}`;
  const file = path.join(mailDir, `${name}.json`);
  // Written aside and renamed, so a test polling the folder never reads half a file.
  writeFileSync(`${file}.tmp`, JSON.stringify(mail, null, 2));
  renameSync(`${file}.tmp`, file);
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 5 * 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        for (const to of recipients) {
          store({
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          });
        }
        callback();
      })
      .catch((error) => callback(error));
  },
});

// Playwright's readiness probe connects and hangs up at once; that is not worth a word.
server.on('error', (error) => {
  if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') process.stderr.write(`mail-catcher: ${error.message}\n`);
});

server.listen(port, '127.0.0.1', () => process.stdout.write(`mail-catcher listening on 127.0.0.1:${port}\n`));

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
