import { defineConfig } from 'tsup';

// One ESM file for the server, and the password hashing and PGlite workers beside it (they run in
// threads of their own); the shared package is bundled in, npm dependencies stay external.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'password-worker': 'src/modules/accounts/password-worker.js',
    'pglite-worker': 'src/db/pglite-worker.js',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@obmen/shared'],
});
