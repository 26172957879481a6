import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const lib = path.resolve(import.meta.dirname, '../../../scripts/lib.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'obmen-supervise-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A stand-in for the server: says each stop signal it hears, and stops a little after the first.
const server = path.join(dir, 'server.mjs');
writeFileSync(
  server,
  `let heard = 0;
   process.on('SIGINT', () => {
     console.log('heard SIGINT ' + ++heard);
     if (heard === 1) setTimeout(() => process.exit(0), 400);
   });
   console.log('ready');
   setInterval(() => {}, 1000);`,
);
// npm start's script, supervising it the way scripts/start.mjs does.
const start = path.join(dir, 'start.mjs');
writeFileSync(
  start,
  `import { superviseServer } from ${JSON.stringify(lib)};\nsuperviseServer([${JSON.stringify(server)}], { stdio: ['ignore', 'inherit', 'inherit'] });`,
);

it('passes one Ctrl-C to the server once, though the terminal and npm both deliver it (issue 33)', async () => {
  // A terminal's foreground job: its own process group, which Ctrl-C signals as a whole.
  const job = spawn(process.execPath, [start], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  job.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => job.on('exit', resolve));
  await expect.poll(() => out, { timeout: 10_000 }).toContain('ready');
  process.kill(-job.pid!, 'SIGINT'); // the terminal, to the whole group
  job.kill('SIGINT'); // npm, passing it on
  expect(await exited).toBe(0);
  expect(out.match(/heard SIGINT/g)).toEqual(['heard SIGINT']);
});
