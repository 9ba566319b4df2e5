import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { fileURLToPath, URL } from 'node:url';
import { architectureConfig } from './eslint/architecture.js';
import { moneyConfig } from './eslint/money.js';
import { linkTablesConfig } from './eslint/link-tables.js';
import { tableOwnersConfig } from './eslint/table-owners.js';
import { roleChecksConfig } from './eslint/role-checks.js';

const root = fileURLToPath(new URL('.', import.meta.url));

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'drizzle/**', 'test-results/**', 'playwright-report/**', 'bench/results/**', 'eslint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The push service worker is plain JavaScript served as it is (web/public is copied, not built).
    files: ['web/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { self: 'readonly', URL: 'readonly' } },
  },
  // Architecture zones and no import cycles (docs/ARCHITECTURE.md, decision 014).
  ...architectureConfig(root),
  // Money formatted only by shared/money.ts (decision 056).
  ...moneyConfig(),
  (await import('./eslint/school-clock.js')).schoolClockConfig(),
  // The link tables only in relations and their owners (decision 057).
  ...linkTablesConfig(root),
  // A table is written only by its owner module (eslint/table-owners.js, decision 058).
  tableOwnersConfig(),
  // The web reads permissions, not roles (eslint/role-checks.js, decision 062).
  ...roleChecksConfig(),
);
