import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DB } from './test-database';
import getPort from 'get-port';

const serverDir = path.resolve(import.meta.dirname, '..');
const scratchDir = mkdtempSync(path.join(tmpdir(), 'obmen-start-'));
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the real entry point; resolves when it exits, or once `until` shows up in its output. */
function startServer(env: Record<string, string>, until?: RegExp): Promise<Run & { stop(): Promise<Run> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    // A throwaway DATA_DIR unless the test names one, so no run leaves files in the repo.
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DATA_DIR: scratchDir, ...env },
  });
  const run: Run = { code: null, stdout: '', stderr: '' };
  const exited = new Promise<Run>((resolve) => child.on('exit', (code) => resolve({ ...run, code })));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve) => {
    const check = () => {
      if (until?.test(run.stdout)) resolve({ ...run, stop });
    };
    child.stdout.on('data', (chunk: Buffer) => {
      run.stdout += chunk.toString();
      check();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      run.stderr += chunk.toString();
    });
    void exited.then((result) => resolve({ ...result, stop }));
  });
}

// The start itself does not change with the suite's database: it runs once, in the PGlite project.
describe.runIf(TEST_DB === 'pglite')('starting the server', () => {
  it('stops at once with one clear line on a bad PORT', async () => {
    const run = await startServer({ PORT: 'abc' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc")');
  });

  it('stops at once with one clear line when DATABASE_URL cannot be reached', async () => {
    const port = await getPort();
    const run = await startServer({ DATABASE_URL: `postgres://postgres:pw@127.0.0.1:${port}/obmen` });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Cannot connect to DATABASE_URL postgres://postgres:\\*\\*\\*@127\\.0\\.0\\.1:${port}/obmen: .*ECONNREFUSED`,
      ),
    );
  });

  describe('with PGlite in DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-data-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('seeds on the first start, keeps the data over a restart and does not seed twice', async () => {
      const port = String(await getPort());
      const first = await startServer({ PORT: port, DATA_DIR: dataDir }, /Operator login/);
      expect(first.stdout).toContain('demo data seeded');
      expect(first.stdout).toMatch(/Operator login: admin@obmen\.local \/ \S+/);
      const answer = await fetch(`http://127.0.0.1:${port}/api/v1/Exchange/get_currencies/give`);
      expect(answer.status).toBe(200);
      expect((await first.stop()).code).toBe(0);

      const second = await startServer({ PORT: port, DATA_DIR: dataDir }, /Operator login/);
      expect(second.stdout).not.toContain('demo data seeded');
      expect(second.stdout).not.toMatch(/Operator login: admin@obmen\.local \/ /);
      const again = await fetch(`http://127.0.0.1:${port}/api/v1/Exchange/get_currencies/give`);
      expect(((await again.json()) as unknown[]).length).toBeGreaterThan(10);

      // A second process on the same data directory would corrupt it, so it is refused.
      const intruder = await startServer({ PORT: String(await getPort()), DATA_DIR: dataDir });
      expect(intruder.code).toBe(1);
      expect(intruder.stderr).toMatch(/^DATA_DIR .* is in use by another Obmen process/);
      expect((await second.stop()).code).toBe(0);
    }, 60_000);
  });
});
