// ESLint flat config: typescript-eslint + the import direction of ARCHITECTURE.md.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = (() => {
  try {
    return readdirSync('src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

const browserLayers = ['services', 'web3', 'lib', 'components', 'hooks', 'features', 'app', 'i18n'];

/**
 * shared <- (services, web3, lib, components) <- hooks <- features <- app; server imports only
 * shared.
 */
const zones = [
  // shared is isomorphic: it imports nothing of ours but itself
  {
    target: './src/shared',
    from: './src',
    except: ['./shared'],
    message: 'src/shared is isomorphic and imports only itself.',
  },
  // the server imports only shared and itself
  {
    target: './src/server',
    from: './src',
    except: ['./shared', './server'],
    message: 'src/server imports only src/shared and itself.',
  },
  // nothing in the browser imports the server
  ...browserLayers.map((layer) => ({
    target: `./src/${layer}`,
    from: './src/server',
    message: 'Browser code never imports src/server.',
  })),
  // the lower browser layers do not reach up into features or app
  ...['services', 'web3', 'lib', 'components'].map((layer) => ({
    target: `./src/${layer}`,
    from: ['./src/hooks', './src/features', './src/app'],
    message: `src/${layer} sits below the shared hooks, features and app.`,
  })),
  {
    target: './src/hooks',
    from: ['./src/features', './src/app'],
    message: 'src/hooks (shared by features) sits below features and app.',
  },
  { target: './src/features', from: './src/app', message: 'Features do not import the app.' },
  // a feature does not import another feature
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature does not import another feature; the app composes them.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'contracts/**',
      '.data/**',
      // build and test caches (the deployed chain state, the bundled API process of the tests)
      '.cache/**',
      // the e2e stacks' data and builds (scripts/lib/e2e-env.ts)
      '.e2e-*/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      // Without the parser mapping the import plugin parses only .js files, and `no-cycle`
      // silently sees no TypeScript import at all.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // dependencies are not parsed for their imports (no-cycle follows only ours)
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import/no-self-import': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Browser and shared code use zod's tree-shakable build; classic zod is ~25 KiB gzip on the
    // landing page's first load. The server may use either.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "Use `import * as z from 'zod/mini'` outside src/server." },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'tests/**', 'e2e/**', '**/*.cjs'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
