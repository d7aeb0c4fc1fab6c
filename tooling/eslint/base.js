// The rules every workspace is linted with: ESLint's and typescript-eslint's type-aware recommended rules (through the
// project service, so each workspace's own tsconfig is used), Prettier owning format. The repository's eslint.config.js
// spreads `base(...)` first and adds its own rules (who may import whom, one price, layering, messages) after it.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Build output, generated code and data: never linted. */
export const ignores = [
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
];

/** Plain JS scripts and config files belong to no tsconfig: they are linted without type information. */
export const untypedFiles = [
  '**/*.{js,mjs,cjs}',
  'scripts/**/*.d.mts',
  'tooling/**/*.d.ts',
  '**/*.config.ts',
  '**/vite.config.ts',
  '**/tsup.config.ts',
  '**/vitest.config.ts',
  '**/drizzle.config.ts',
  'e2e/playwright.config.ts',
];

/** Test code: specs, test/ folders and the e2e workspace. */
export const testFiles = ['**/*.test.{ts,tsx,mjs}', '**/test/**', 'e2e/**'];

/**
 * The shared base config (flat config array).
 *
 * @param {{ tsconfigRootDir: string }} options `tsconfigRootDir`: the repository root (`import.meta.dirname` of the
 *   root eslint.config.js), where typescript-eslint's project service starts looking for each file's tsconfig.
 * @returns {import('eslint').Linter.Config[]}
 */
export function base({ tsconfigRootDir }) {
  return [
    { ignores },
    js.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
      languageOptions: {
        globals: { ...globals.node, ...globals.browser },
        parserOptions: { projectService: true, tsconfigRootDir },
      },
      rules: {
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-imports': 'error',
        '@typescript-eslint/no-floating-promises': 'error',
      },
    },
    { files: untypedFiles, ...tseslint.configs.disableTypeChecked },
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
  ];
}
