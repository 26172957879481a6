import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = './apps/web/src/features';
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The one-way flow of style.md: shared code → features → app, features apart, the apps apart.
const boundaries = [
  { target: './packages/shared', from: './apps', message: 'packages/shared imports neither app.' },
  { target: './apps/web', from: './apps/server', message: 'The web app talks to the server only over HTTP.' },
  { target: './apps/server', from: './apps/web', message: 'The server does not import the web app.' },
  ...features.map((name) => ({
    target: `${featuresDir}/${name}`,
    from: featuresDir,
    except: [`./${name}`],
    message: 'Features do not import each other; compose them in app/.',
  })),
  {
    target: featuresDir,
    from: './apps/web/src/app',
    message: 'Features do not import the app layer.',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/hooks'],
    from: [featuresDir, './apps/web/src/app'],
    message: 'Shared web code does not import features or the app layer.',
  },
  // The operator console is a second app beside the visitors' one: it may use shared code and
  // features (the login, the notifications), but nothing of the visitors' app imports it, so its
  // code and copy never reach a visitor's bundle (the router loads it lazily, see below).
  {
    target: [featuresDir, './apps/web/src/components', './apps/web/src/lib', './apps/web/src/hooks'],
    from: './apps/web/src/admin',
    message: 'Visitor code never imports the operator console.',
  },
  {
    target: './apps/web/src/admin',
    from: './apps/web/src/app',
    message: 'The console is its own app: it does not import the visitor app layer.',
  },
];

const sharedImports = [
  { group: ['node:*', 'fs', 'path', 'crypto'], message: 'packages/shared is pure TypeScript: no node:*.' },
  { group: ['react', 'react-*', 'react/*'], message: 'packages/shared has no React.' },
  { group: ['@obmen/web', '@obmen/server'], message: 'packages/shared imports neither app.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
      '.vitest-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin },
    settings: {
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      'import/no-cycle': ['error', { maxDepth: 3, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'error',
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: sharedImports }] },
  },
  {
    files: ['packages/shared/src/contracts/**/*.ts'],
    ignores: ['packages/shared/src/contracts/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: sharedImports,
          paths: [
            {
              name: 'zod',
              message:
                "Contracts import * as z from './zod': its strings refuse U+0000, which PostgreSQL cannot store.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The web app runs in the browser.' },
            { group: ['@obmen/server', '@obmen/server/*'], message: 'The web app talks to the server only over HTTP.' },
          ],
          paths: [
            {
              name: '@obmen/shared',
              message: 'Import a subpath (@obmen/shared/i18n, /routing, /contracts…) to keep the bundle lean.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only a lazy import() may reach the console from the visitor app; a static one would put it in every visitor's bundle.
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The web app runs in the browser.' },
            { group: ['@obmen/server', '@obmen/server/*'], message: 'The web app talks to the server only over HTTP.' },
            {
              group: ['**/admin', '**/admin/*', '**/admin/**'],
              message: 'Load the operator console lazily (import() in the router), never statically.',
            },
          ],
          paths: [
            {
              name: '@obmen/shared',
              message: 'Import a subpath (@obmen/shared/i18n, /routing, /contracts…) to keep the bundle lean.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'apps/server/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
