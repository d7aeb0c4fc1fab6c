// ESLint flat config for the whole workspace: typescript-eslint's type-aware recommended rules (through the
// project service, so each workspace's tsconfig is used), react-hooks for the React code, and Prettier owning format.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/coverage/**',
      '**/routeTree.gen.ts',
      '**/*.gen.ts',
      '**/compiled-lang/**',
      '.data/**',
      'e2e/test-results/**',
      '**/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['**/*.tsx', 'packages/payments/src/**/*.ts', 'apps/join-web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Issue 11 "one price": the apps price nothing themselves. Every total, discount, VAT and proration comes from
    // @ofw/domain's quote / priceCatalogue (docs/CONTRACTS.md "One price"); the low-level rules stay inside the domain.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@ofw/domain',
              importNames: [
                'applyDiscount',
                'computeDiscount',
                'chargeAmount',
                'byoPrice',
                'orderPayloadPrice',
                'vatForPrice',
                'vatAmount',
                'monthlyPrice',
                'prorate',
                'applyUpgradeOption',
                'formatMoney',
              ],
              message:
                "Prices come from @ofw/domain's quote() / priceCatalogue() (issue 11 'one price'), formatting from formatPrice().",
            },
          ],
        },
      ],
    },
  },
  {
    // Plain JS scripts and config files are not part of any tsconfig: lint them without type information.
    files: [
      '**/*.{js,mjs,cjs}',
      'scripts/**/*.d.mts',
      '**/*.config.ts',
      '**/vite.config.ts',
      '**/tsup.config.ts',
      '**/vitest.config.ts',
      '**/drizzle.config.ts',
      'e2e/playwright.config.ts',
    ],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests may use non-null assertions and loose any from fixtures.
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
