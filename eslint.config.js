import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import atrium from './tools/eslint/file-roles.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/migrations/**', '.nx/**', 'coverage/**', '.data/**', 'tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:backend', onlyDependOnLibsWithTags: ['scope:backend', 'scope:shared'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:data'] },
            { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:data'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:data', 'type:testing'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:app', 'type:util', 'type:contracts', 'type:data', 'type:testing'] },
          ],
        },
      ],
    },
  },
  {
    // File names `<name>.<role>.ts`, classes `<Name><Role>` in files of their role (docs/adr/008).
    files: ['apps/*/src/**/*.ts', 'apps/*/src/**/*.tsx', 'libs/*/src/**/*.ts', 'tools/generators/**/files/**/*.ts'],
    plugins: { atrium },
    rules: { 'atrium/file-role': 'error' },
  },
  {
    // apps/single composes the services and the gateway in one process (docs/adr/023): the one
    // app that imports apps, through package.json "imports" (#atrium/app-*), their index only.
    files: ['apps/single/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: ['#atrium/app-*'],
          depConstraints: [
            { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:app', 'type:util', 'type:contracts', 'type:data'] },
          ],
        },
      ],
    },
  },
  {
    // End-to-end suites boot the apps in-process: besides apps/single, the only place an app may be imported.
    files: ['apps/api-tests/**/*.ts', 'apps/e2e/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { allow: ['@atrium/app-*'], depConstraints: [{ sourceTag: '*', onlyDependOnLibsWithTags: ['*'] }] },
      ],
    },
  },
  {
    // The web app: hooks called by the rules, effect dependencies complete.
    files: ['apps/web/**/*.ts', 'apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Values come from a contracts module ('@atrium/contracts/identity/schedules.js'): the root
      // also exports the DTOs, whose decorators need reflect-metadata and crash the browser.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@atrium/contracts',
              message: 'Import values from their module (@atrium/contracts/<area>/<file>.js); only types from the root.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.spec.tsx', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
        AbortController: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
  },
);
