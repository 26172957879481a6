// `npm start`: build when the build is missing or older than the sources, then serve everything.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIsFresh, root, run } from './lib.mjs';

if (!buildIsFresh()) {
  console.log('Building Obmen (web app and server)…');
  const code = await run(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
  if (code !== 0) process.exit(code);
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// The server shuts down gracefully on these; pass them on and leave with its exit code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
