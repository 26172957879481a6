// `npm start`: build when the build is missing or older than the sources, then serve everything.
import path from 'node:path';
import { buildIsFresh, root, run, superviseServer } from './lib.mjs';

if (!buildIsFresh()) {
  console.log('Building Obmen (web app and server)…');
  const code = await run(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
  if (code !== 0) process.exit(code);
}

// The server shuts down gracefully on SIGINT and SIGTERM: each Ctrl-C reaches it once.
superviseServer(['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
});
