import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { expect } from 'vitest';
import { totpCode } from './users';

// Real server processes, as a deployment runs them: the tests that need two of them on one
// database, or one killed with SIGKILL and started again on what it left.

const serverDir = path.resolve(import.meta.dirname, '..');

export type Server = { child: ChildProcess; url: string; port: number; dataDir: string };
export const ADMIN = { username: 'ops@example.com', password: 'Twin-Lantern-Harbor-58!' };

export interface ServerOptions {
  /** PostgreSQL; without it the process keeps its PGlite database in `dataDir`. */
  databaseUrl?: string;
  /** Kept between a kill and a restart (PGlite's files, the generated secrets). */
  dataDir?: string;
  port?: number;
  env?: Record<string, string>;
}

/** Starts one server process and waits until it says it is up; SECRET and TWO_FACTOR_KEY are shared by all. */
export async function startServer({ databaseUrl, dataDir, port, env = {} }: ServerOptions = {}): Promise<Server> {
  const listen = port ?? (await getPort());
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'obmen-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(listen),
      HOST: '127.0.0.1',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      DATA_DIR: dir,
      SECRET: 'shared-secret-of-both-processes-0123456789',
      TWO_FACTOR_KEY: 'shared-two-factor-key-of-both-processes-0123',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Operator login') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${listen}`, port: listen, dataDir: dir };
}

/** Starts `count` real server processes on one database, sharing one SECRET and TWO_FACTOR_KEY, as a deployment would. */
export async function startServers(databaseUrl: string, count: number, env: Record<string, string> = {}) {
  const servers: Server[] = [];
  for (let i = 0; i < count; i += 1) servers.push(await startServer({ databaseUrl, env }));
  return servers;
}

/** SIGKILL: the process ends where it is, with no chance to finish or tidy anything. */
export async function killHard(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  await new Promise((resolve) => (server.child.once('exit', resolve), server.child.kill('SIGKILL')));
}

export function stopServers(servers: Server[]) {
  return Promise.all(
    servers.map(({ child }) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
    ),
  );
}

const adminSessions = new Map<string, Promise<string>>();

/**
 * The admin's session with two-factor authentication turned on, as the console asks of staff:
 * opened once per database (`database`: its URL or data folder), since each code is taken only once.
 */
export function adminToken(url: string, database: string): Promise<string> {
  const open = async () => {
    const post = async (path: string, body: object, token?: string) => {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const token = ((await post('/token', ADMIN)).user as { access_token: string }).access_token;
    const { secret } = (await post('/api/v1/User/2fa/start', {}, token)) as { secret: string };
    await post('/api/v1/User/2fa/confirm', { code: totpCode(secret), password: ADMIN.password }, token);
    return token;
  };
  if (!adminSessions.has(database)) adminSessions.set(database, open());
  return adminSessions.get(database)!;
}
