// Small helpers the repo's scripts share: running a command, and the build's freshness stamp.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs a command with inherited output; resolves with its exit code. `held` (a heading): the
 * output is kept and printed under it in one piece when the command ends, so commands run side by
 * side do not interleave their lines.
 */
export function run(command, args, { held = null, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...options });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    // Held output is complete only once the pipes close, which comes after 'exit'.
    child.on(held ? 'close' : 'exit', (code, signal) => {
      if (held !== null) console.log(held);
      if (output.length) process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', () => resolve(127));
  });
}

// What the build is made from: when any of it changes, `npm start` builds again.
const BUILD_INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/tsup.config.ts',
  'apps/server/package.json',
];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
  } else if (!/\.test\.tsx?$/.test(entry)) {
    yield entry;
  }
}

export function buildStamp() {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of files(input))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

export const STAMP_FILE = path.join(root, '.build-stamp');
export const BUILD_OUTPUTS = [
  'apps/web/dist/.vite/manifest.json',
  'apps/web/dist-server/entry-server.js',
  'apps/server/dist/main.js',
].map((p) => path.join(root, p));

export function buildIsFresh() {
  return (
    BUILD_OUTPUTS.every((file) => existsSync(file)) &&
    existsSync(STAMP_FILE) &&
    readFileSync(STAMP_FILE, 'utf8') === buildStamp()
  );
}

/**
 * Runs a server in a process group of its own and passes it one stop signal per press of Ctrl-C.
 * A terminal's Ctrl-C reaches every process of the foreground group, and npm passes it on once
 * more: the server saw two SIGINTs, and close-with-grace takes a second one as "stop now", leaving
 * the embedded database unclosed (issue 33). Here it hears from this script alone; a signal that
 * follows the first within a second is the same press. Exits with the server's exit code.
 */
export function superviseServer(args, options = {}) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', ...options, detached: true });
  let lastForwarded = 0;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (Date.now() - lastForwarded < 1000) return;
      lastForwarded = Date.now();
      child.kill(signal);
    });
  }
  // Whatever ends this script ends the server too (a detached child would outlive it).
  process.on('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}
