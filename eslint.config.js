import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Fakes and test data stand in for the server in tests (CONTRIBUTING.md §13): nothing else
    // imports them.
    files: ['app/**/*.{ts,tsx}', 'sync-server/src/**/*.ts', 'shared/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.fake.ts',
      '**/*TestData.ts',
      '**/testData.ts',
      'app/test-utils.tsx',
      'app/test-setup.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.fake', '**/*TestData', '**/testData'],
              message: 'Fakes and test data are for tests only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's data layer is async (SQLite or PostgreSQL through Kysely): a promise not
    // awaited is a write that may land after the answer, or an error nobody sees.
    files: ['sync-server/**/*.ts', 'tests/integration/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
    },
  },
  {
    // Only config.ts reads the environment (CONTRIBUTING.md §6).
    files: ['sync-server/src/**/*.ts'],
    ignores: ['sync-server/src/config.ts', 'sync-server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
  {
    // The chat screen and the sync engine load before her chats paint: zod (and the shared
    // schemas built with it) load later, with the forms and screens that validate.
    files: [
      'app/db/**/*.ts',
      'app/sync/**/*.ts',
      'app/http/**/*.ts',
      'app/routes/Chat/**/*.{ts,tsx}',
    ],
    ignores: [
      'app/**/*.test.{ts,tsx}',
      'app/**/*.fake.ts',
      'app/db/normalizeProfile.ts',
      'app/db/testData.ts',
      // Loaded by the '⋯' menu when it opens (ChatMenu.tsx), never by the chat's first paint.
      'app/routes/Chat/RenameChatDialog.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'Keep zod off the chat path; validate in a lazy module.' },
            {
              name: '@shared/validation',
              message: 'Built with zod: load it with a form.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['@shared/*-schema'],
              message: 'Built with zod: import types only, or load it lazily.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
