// The sources of the scratch consumer projects `pnpm release:check` (scripts/release-check.mjs, its stage 5.) installs
// the published packages into: the ESM and CommonJS main scripts that load every entry and call one function of each
// package, and the TypeScript consumer they type-check.

/**
 * Loads every `exports` subpath of every published package, as the registry has them: code entries are loaded (and
 * must export something), files (package.json, stylesheets) resolve to a non-empty file; package.json names the
 * version published. `needsOptionalPeer` lists the entries that need an optional peer the CommonJS project leaves
 * out.
 * @param entries - `{ specifier, file, version }` of every subpath.
 * @param loader - `'import'` (ESM) or `'require'` (CommonJS).
 */
export const everyEntry = (entries, loader) => `
const entries = ${JSON.stringify(entries)};
const needsOptionalPeer = ${JSON.stringify(['@ofw/api-client/query'])};
for (const { specifier, file, version } of entries) {
  if (file) {
    const text = readFileSync(${loader === 'import' ? 'fileURLToPath(import.meta.resolve(specifier))' : 'require.resolve(specifier)'}, 'utf8');
    assert.ok(text.length > 0, specifier);
    if (specifier.endsWith('/package.json')) assert.equal(JSON.parse(text).version, version, specifier);
  } else if (${loader === 'import' ? 'true' : '!needsOptionalPeer.includes(specifier)'}) {
    const m = ${loader === 'import' ? 'await import(specifier)' : 'require(specifier)'};
    assert.ok(Object.keys(m).length > 0, specifier + ' exports nothing');
  }
}
console.log('  every exports subpath: ' + entries.map((e) => e.specifier).join(', '));
`;

/** One function of each package, the same calls from both module systems. */
const CALLS = `
assert.equal(domain.monthlyPrice(551.76, 2), 22.99);
assert.equal(apiClient.apiUrl('', apiClient.contract.getPackages.path, { currency: 'USD' }), '/api/v1/packages?currency=USD');
assert.equal(payments.parseAuthorization('sandbox_0123456789abcdef_ofw_sandbox').merchantId, 'ofw_sandbox');
assert.equal(protocol.peerChannelName('abc'), 'ofw-hf:abc');
assert.match(renderToStaticMarkup(createElement(ui.VenmoLogo, {})), /<svg/);
console.log('  @ofw/domain monthlyPrice, @ofw/api-client apiUrl, @ofw/payments parseAuthorization, @ofw/payments/protocol peerChannelName, @ofw/ui VenmoLogo: ok');
assert.equal(errors.ApiError, apiClient.ApiError);
assert.ok(errors.isApiError(new apiClient.ApiError({ type: apiClient.problemType('conflict'), title: 'Conflict', status: 409, code: 'conflict' }), 'conflict'));
console.log('  @ofw/api-client/errors isApiError: the one ApiError class of the main entry');
`;

/** The ESM project's main.mjs: every entry imported, one function of each package called. */
export const esmMain = (entries) =>
  `import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as domain from '@ofw/domain';
import * as apiClient from '@ofw/api-client';
import * as query from '@ofw/api-client/query';
import * as errors from '@ofw/api-client/errors';
import * as payments from '@ofw/payments';
import * as protocol from '@ofw/payments/protocol';
import * as ui from '@ofw/ui';
${CALLS}
assert.deepEqual(query.queryKeys.joinCountries(), ['joinCountries']);
console.log('  @ofw/api-client/query queryKeys: ok');
${everyEntry(entries, 'import')}`;

/** The CommonJS project's main.cjs (no @tanstack/react-query): every entry required but the /query one. */
export const cjsMain = (entries) =>
  `const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { createElement } = require('react');
const { renderToStaticMarkup } = require('react-dom/server');
const domain = require('@ofw/domain');
const apiClient = require('@ofw/api-client');
const errors = require('@ofw/api-client/errors');
const payments = require('@ofw/payments');
const protocol = require('@ofw/payments/protocol');
const ui = require('@ofw/ui');
${CALLS}
assert.throws(() => require('@ofw/api-client/query'), /@tanstack\\/react-query/);
console.log('  @ofw/api-client/query needs the optional peer @tanstack/react-query; the main entry does not');
${everyEntry(entries, 'require')}`;

/** A TypeScript consumer of every package, type-checked with moduleResolution node16 and bundler. */
export const CONSUMER = `import { listPackages, monthlyPrice, type Package } from '@ofw/domain';
import { createApiClient, type ApiClient } from '@ofw/api-client';
import { packageDataQuery } from '@ofw/api-client/query';
import { parseAuthorization, type PaymentError } from '@ofw/payments';
import { isProtocolMessage, type ParentToFrameMessage } from '@ofw/payments/protocol';
import { VenmoLogo, type VenmoLogoProps } from '@ofw/ui';
const p: Package[] = listPackages({ currency: 'USD' });
export const m: number = monthlyPrice(p[0]!.totalPrice, 1);
const api: ApiClient = createApiClient({ baseUrl: '' });
export const key: readonly unknown[] = packageDataQuery(api, { currency: 'USD', flow: 'join' }).queryKey;
export const kind: string = parseAuthorization('sandbox_a_b').kind;
export const logo = VenmoLogo({ width: 80 } satisfies VenmoLogoProps);
export type E = PaymentError['messageId'];
export const isMessage: boolean = isProtocolMessage({ source: 'ofw-sandbox-hosted-fields' } satisfies Partial<ParentToFrameMessage>);
`;

/** {@link CONSUMER} for the CommonJS project: without @ofw/api-client/query (its optional peer is not installed). */
export const cjsConsumer = () =>
  CONSUMER.replace("import { packageDataQuery } from '@ofw/api-client/query';\n", '').replace(
    /export const key[^\n]*\n/,
    '',
  );
