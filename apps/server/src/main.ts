import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, redactUrl } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/database';
import { ensureAdmin, seedDemoData, type AdminBootstrap } from './db/seed/seed';
import { findWebDist } from './http/web-files';
import { startHashingThreads } from './modules/accounts/password-hashing';
import { loadSecret } from './secret';

async function main() {
  const config = loadConfig();
  const dataDir = path.resolve(config.DATA_DIR);
  const secret = loadSecret(config.SECRET, dataDir);
  const twoFactorKey = loadSecret(config.TWO_FACTOR_KEY, dataDir, 'two-factor-key');
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  await database.migrate();
  const seeded = await seedDemoData(database.db);
  const admin = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);

  const app = await buildApp({
    config,
    database,
    webDist: findWebDist(config.WEB_DIST),
    secret,
    twoFactorKey,
    uploadsDir: path.join(dataDir, 'uploads'),
    startJobs: true,
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new ConfigError(`Cannot listen: port ${config.PORT} is already in use (set PORT)`);
    if (code === 'EACCES') throw new ConfigError(`Cannot listen on port ${config.PORT}: permission denied (set PORT)`);
    throw error;
  }

  // The first login after a restart should not wait for a hashing thread to start.
  startHashingThreads().catch((err: unknown) => app.log.error({ err }, 'the password-hashing threads did not start'));

  const where = config.DATABASE_URL ? `PostgreSQL ${redactUrl(config.DATABASE_URL)}` : `PGlite in ${dataDir}`;
  printBanner(config.PUBLIC_URL, where, seeded, admin, config.ADMIN_EMAIL);
}

function printBanner(url: string, where: string, seeded: boolean, admin: AdminBootstrap, adminEmail: string) {
  const lines = [
    '',
    `  Obmen is running at ${url}/ru/ (English: ${url}/en/)`,
    `  Database: ${where}${seeded ? ' — demo data seeded' : ''}`,
    `  Operator console: ${url}/admin (the first sign-in there sets up two-factor authentication)`,
  ];
  if (admin.created && admin.generatedPassword) {
    lines.push(`  Operator login: ${admin.email} / ${admin.generatedPassword}`);
    lines.push('  (this generated password is shown only once: change it after logging in)');
  } else if (admin.created) {
    lines.push(`  Operator login: ${admin.email} with the ADMIN_PASSWORD you set`);
  } else {
    lines.push(`  Operator login: ${adminEmail} (password as printed at the first start, or ADMIN_PASSWORD)`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  // Known start-up problems are one clear line; anything else keeps its stack for the developer.
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Obmen failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
