// `npm run bench`: starts the built product on PGlite and drives its hot read path with autocannon.
// The full suite with budgets (issue 11) grows from here.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import getPort from 'get-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function startProduct() {
  const port = await getPort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('Operator login') && resolve());
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function measure(url, seconds) {
  return autocannon({ url, connections: 100, pipelining: 10, duration: seconds });
}

const product = await startProduct();
try {
  const target = `${product.url}/api/v1/Exchange/get_currencies/give`;
  await measure(target, 2); // warm-up
  const result = await measure(target, 5);
  console.log(
    `get_currencies/give  ${Math.round(result.requests.average)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${result.errors + result.non2xx}`,
  );
} finally {
  product.stop();
}
