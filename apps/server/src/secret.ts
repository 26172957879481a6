import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The key that signs quotes and other tokens: SECRET when set, else one generated on first start
 * and kept in DATA_DIR, so restarts keep honouring what was signed before. Several processes must
 * share one SECRET (docs/deployment.md).
 */
export function loadSecret(configured: string | undefined, dataDir: string, fileName = 'secret'): string {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
