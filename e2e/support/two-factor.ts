import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';

/** The authenticator app of a test: the code of a secret for this step, or `stepsAhead` steps later. */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')) });
  return totp.generate({ timestamp: Date.now() + stepsAhead * totp.period * 1000 });
}

/** Where console.setup.ts leaves the e2e operator's session and TOTP secret for every worker. */
export const operatorSessionFile = () => path.join(process.env.E2E_DATA_DIR!, 'e2e-operator-session.json');

/**
 * The e2e operator's session, opened once by console.setup.ts with two-factor authentication
 * turned on: a code is taken once, so workers signing in again and again would wait for new ones.
 */
export function operatorSession(): { token: string; secret: string } {
  return JSON.parse(readFileSync(operatorSessionFile(), 'utf8')) as { token: string; secret: string };
}
