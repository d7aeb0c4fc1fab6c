// ESLint flat config for the whole workspace. The shared pieces live in tooling/eslint (@ofw/eslint-config): `base`
// (typescript-eslint's type-aware recommended rules through the project service, so each workspace's tsconfig is used;
// Prettier owns format), `react` (rules of hooks) and `size` (file, function and component lengths). What is this
// repository's own stays here: who may import whom, the messages, one price, join-api's layering, no import loops.
import { base } from '@ofw/eslint-config/base';
import { react } from '@ofw/eslint-config/react';
import { size } from '@ofw/eslint-config/size';
import boundaries from 'eslint-plugin-boundaries';
import formatjs from 'eslint-plugin-formatjs';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { fileURLToPath } from 'node:url';

// docs/ARCHITECTURE.md "May import", enforced. Each workspace's sources are an element (tests, benches, stories and
// the e2e specs are not: they may use test doubles, fixtures and @ofw/domain's prices as an oracle). A workspace may import only the @ofw/* packages its
// row lists, never reaches into another workspace by a relative path, and a package's sources use only the libraries of
// its row. `@ofw/*` imports are matched by their specifier, not resolved, so an unbuilt package counts too.
// scripts/test/boundaries.test.mjs proves that a forbidden import fails lint.
const SOURCES = {
  domain: 'packages/domain/src',
  'api-client': 'packages/api-client/src',
  payments: 'packages/payments/src',
  ui: 'packages/ui/src',
  'join-web': 'apps/join-web/src',
  'join-api': 'apps/join-api/src',
  'payments-sandbox': 'apps/payments-sandbox/src',
};
const OFW = ['@ofw/domain', '@ofw/api-client', '@ofw/payments', '@ofw/ui'];
/** docs/ARCHITECTURE.md "May import": the @ofw/* packages each workspace may import (payments-sandbox: `@ofw/payments/protocol`, below). */
const MAY_IMPORT = {
  domain: [],
  'api-client': ['@ofw/domain'],
  payments: ['@ofw/domain'],
  ui: ['@ofw/domain'],
  'join-web': OFW,
  'join-api': ['@ofw/domain', '@ofw/api-client'],
  'payments-sandbox': ['@ofw/domain', '@ofw/payments'],
};
/**
 * docs/ARCHITECTURE.md "May import": the only libraries a package's sources may import (domain: "zod only; no React, no DOM, no I/O" — and
 * the Temporal polyfill, pure calendar arithmetic for terms, spec §3 subDurationInYears, until Node ships Temporal).
 */
const LIBRARIES = {
  domain: ['zod', '@js-temporal/polyfill'],
  'api-client': ['zod', '@tanstack/react-query'],
  payments: ['react', 'braintree-web', 'credit-card-type'],
  ui: ['react', 'react-intl'],
};
const mayImport = (type) => MAY_IMPORT[type].join(', ') || 'no @ofw package';
const boundariesConfig = {
  files: ['**/*.{ts,tsx,mts,mjs,js}'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': Object.entries(SOURCES).map(([type, pattern]) => ({ type, pattern })),
    'boundaries/flag-as-external': { customSourcePatterns: ['@ofw/**'] },
    'import/resolver': { [fileURLToPath(new URL('scripts/lib/eslint-relative-resolver.cjs', import.meta.url))]: {} },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        checkAllOrigins: true, // libraries and @ofw/* packages (external) too, not only local files
        policies: [
          ...Object.keys(SOURCES).flatMap((type) => [
            {
              from: { element: { type } },
              disallow: { to: { element: { types: { anyOf: Object.keys(SOURCES).filter((t) => t !== type) } } } },
              message: `${type} may not reach into another workspace by a path (docs/ARCHITECTURE.md "May import")`,
            },
            {
              from: { element: { type } },
              disallow: {
                dependency: {
                  source: OFW.filter((name) => !MAY_IMPORT[type].includes(name)).flatMap((name) => [
                    name,
                    `${name}/**`,
                  ]),
                },
              },
              message: `${type} may import only ${mayImport(type)} (docs/ARCHITECTURE.md "May import")`,
            },
          ]),
          {
            from: { element: { type: 'payments-sandbox' } },
            disallow: { dependency: { source: ['@ofw/payments', '@ofw/payments/!(protocol)'] } },
            message:
              'payments-sandbox may import only @ofw/payments/protocol of @ofw/payments (docs/ARCHITECTURE.md "May import")',
          },
          ...Object.entries(LIBRARIES).map(([type, allowed]) => ({
            from: { element: { type } },
            disallow: {
              to: {
                module: { origin: ['external', 'core'], source: `!{${[...OFW, ...allowed].join(',')}}` },
              },
            },
            message: `${type}'s sources may use only ${allowed.join(', ')} besides their @ofw packages (docs/ARCHITECTURE.md "May import")`,
          })),
        ],
      },
    ],
  },
};

const CODE = '*.{ts,tsx,mts,js,mjs,cjs}';
/**
 * The code held to the size rules (tooling/eslint/size.js; CONTRIBUTING.md "Size rules"): every workspace's sources,
 * tests and benches, the e2e workspace, tooling/ and scripts/. Configs, stories and generated files are not.
 */
const SIZED = [
  `{packages,apps}/*/{src,test,bench,scripts}/**/${CODE}`,
  `e2e/{support,tests,tour}/**/${CODE}`,
  `tooling/**/${CODE}`,
  `scripts/**/${CODE}`,
];
/** Test code and benches: a `describe`/`test` callback holds a whole suite, so only the file limit applies. */
const TEST_CODE = ['**/*.test.*', '**/test/**', '**/bench/**', 'e2e/tests/**', 'e2e/tour/**'];

/** One price (docs/CONTRACTS.md "One price"): the low-level price functions stay inside @ofw/domain (see the block that uses it). */
const ONE_PRICE = {
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
    "Prices come from @ofw/domain's quote() / priceCatalogue() (docs/CONTRACTS.md 'One price'), formatting from formatPrice().",
};

export default tseslint.config(
  ...base({ tsconfigRootDir: import.meta.dirname }),
  ...react({ files: ['**/*.tsx', 'packages/payments/src/**/*.ts', 'apps/join-web/src/**/*.ts'] }),
  {
    // docs/QUALITY.md "Four locales": every message is a literal with a translator description, its placeholders given, no text outside the
    // catalogues. join-web defines the messages (src/join/messages.ts, `pnpm i18n:check` and `formatjs verify` check
    // the catalogues); @ofw/ui renders texts it is given, so the JSX rule keeps it free of literal strings too.
    files: ['apps/join-web/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.stories.tsx'],
    ...formatjs.configs.recommended,
    rules: {
      ...formatjs.configs.recommended.rules,
      'formatjs/enforce-description': ['error', 'literal'],
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-multiple-plurals': 'error',
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,placeholder,title,alt,aria-label,aria-description}']] } },
      ],
    },
  },
  {
    // One price (docs/CONTRACTS.md "One price"): the apps price nothing themselves. Every total, discount, VAT and proration comes from
    // @ofw/domain's quote / priceCatalogue (docs/CONTRACTS.md "One price"); the low-level rules stay inside the domain.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ONE_PRICE],
        },
      ],
    },
  },
  {
    // The layering of join-api (docs/ARCHITECTURE.md): services/ hold the business (signups, registration, orders, offers) and know
    // nothing of HTTP routing; routes/ parse, authorize, call a service and respond. A service importing Hono or a
    // routes module fails lint.
    files: ['apps/join-api/src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ONE_PRICE, { name: 'hono', message: 'services/ know no HTTP framework: the route responds.' }],
          patterns: [
            { group: ['hono/*'], message: 'services/ know no HTTP framework: the route responds.' },
            {
              group: ['**/routes/*'],
              message: 'A service never imports a routes module (the layering of join-api, docs/ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  ...size({ files: SIZED, tests: TEST_CODE }),
  boundariesConfig,
  {
    // No import loops inside a workspace's sources: a loop means two modules are one responsibility split in two (or
    // one of them holds what both need), and ESM evaluates a loop half-initialised. Relative imports are resolved as
    // TypeScript does (the boundaries resolver above); `@ofw/*` and libraries are other workspaces and stay out.
    files: Object.values(SOURCES).map((dir) => `${dir}/**/*.{ts,tsx}`),
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': {
        [fileURLToPath(new URL('scripts/lib/eslint-relative-resolver.cjs', import.meta.url))]: {},
      },
      // Modules import-x may open while following a loop (its default is JavaScript only).
      'import-x/extensions': ['.ts', '.tsx'],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
);
