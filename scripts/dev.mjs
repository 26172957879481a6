// `npm run dev`: one server on :8080, as `npm start` serves, but drawing pages from the web app's
// sources through Vite (hot reload in the browser, edits on the next page load), and restarted
// when the server's own code changes (tsx watch, apps/server's `dev` script).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

const port = process.env.PORT ?? '8080';
const server = spawn('npm', ['run', 'dev', '--silent', '-w', '@obmen/server'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: port,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    // npm runs the workspace's script in apps/server: without this the dev server kept a database
    // of its own there (apps/server/data), not the ./data that `npm start` and the README name;
    // a relative DATA_DIR is taken from the repository's root likewise.
    DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
