// Builds the web app and the server, then records what the build was made from.
import { writeFileSync } from 'node:fs';
import { buildStamp, run, STAMP_FILE } from './lib.mjs';

const stamp = buildStamp();
for (const workspace of ['@obmen/web', '@obmen/server']) {
  const code = await run('npm', ['run', 'build', '--silent', '-w', workspace]);
  if (code !== 0) process.exit(code);
}
writeFileSync(STAMP_FILE, stamp);
