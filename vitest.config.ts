import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverProject = (db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `server:${db}`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    // The files of a worker share their modules: each file still gets its own database and app, and
    // importing the app anew per file was ~40 % of the project's CPU (PGlite run 242 s → 150 s).
    isolate: false,
    // Migrates and seeds one database per run; each test file gets a copy of it.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // One test file per core, not Vitest's cores − 1: most server files spend their time waiting on a
    // database or a child process, and on a 2-core machine the default ran one file at a time
    // (clean-clone suite with PostgreSQL: 754 s → 429 s).
    maxWorkers: '100%',
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
          environment: 'jsdom',
          // One jsdom per worker instead of one per file (the project 20 s → 6.5 s wall); each file
          // still starts from its own modules and a clean page (src/testing/fresh-page.ts).
          isolate: false,
          setupFiles: ['./src/testing/fresh-page.ts'],
        },
      },
      serverProject('pglite'),
      // The same server suite again on a real PostgreSQL when one is given (CI gives one).
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
