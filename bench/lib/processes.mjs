// Starting what the bench measures, each in a process of its own, on loopback.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const OPERATOR = { username: 'bench-operator@obmen.test', password: 'Bench-Lantern-Harbor-58!' };

function start(script, env, readyText, nodeArgs = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk) => String(chunk).includes(readyText) && resolve(child));
    child.on('exit', (code) => reject(new Error(`${path.basename(script)} exited with ${code}`)));
  });
}

/** A server of bench/targets on a free port, once it says it is ready. */
async function startTarget(name, env = {}) {
  const port = await getPort();
  const child = await start(path.join(root, `bench/targets/${name}.mjs`), { PORT: String(port), ...env }, 'ready');
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

export const startFastifyHello = () => startTarget('fastify-hello');

/**
 * A bare Fastify `route` answering each captured path with the product's answer to it (see
 * `capture` in api.mjs).
 */
export async function startTwin(route, answers) {
  const dir = mkdtempSync(path.join(tmpdir(), 'obmen-twin-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(
    file,
    JSON.stringify({ route, answers: answers.map((answer) => ({ ...answer, body: answer.body.toString('base64') })) }),
  );
  try {
    const twin = await startTarget('fastify-twin', { ANSWERS_FILE: file });
    return {
      ...twin,
      stop: () => {
        twin.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The built product on PGlite (a temporary DATA_DIR) or on the PostgreSQL database given. */
export async function startProduct({ databaseUrl } = {}) {
  const port = await getPort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-bench-'));
  const child = await start(
    path.join(root, 'apps/server/dist/main.js'),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: OPERATOR.username,
      ADMIN_PASSWORD: OPERATOR.password,
      // As behind nginx (docs/deployment.md): the loopback proxy may name the client.
      TRUST_PROXY: '127.0.0.1',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    },
    'Operator login',
    // Node as `npm start` runs it. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles
    // the product under the bench's load.
    process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  );
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
