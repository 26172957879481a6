// `npm run dev`: the API with reload on :8081 and Vite with hot reload on :8080, proxying to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

const port = process.env.PORT ?? '8080';
const apiPort = process.env.API_PORT ?? '8081';
const children = [
  spawn('npm', ['run', 'dev', '--silent', '-w', '@obmen/server'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: apiPort,
      PUBLIC_URL: `http://localhost:${port}`,
      // npm runs the workspace's script in apps/server: without this the dev server kept a database
      // of its own there (apps/server/data), not the ./data that `npm start` and the README name;
      // a relative DATA_DIR is taken from the repository's root likewise.
      DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data'),
    },
  }),
  spawn('npm', ['run', 'dev', '--silent', '-w', '@obmen/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, API_PORT: apiPort },
  }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
