// The registry policy and build contents `pnpm release:check` (scripts/release-check.mjs, its stage 3.) checks in the
// published packages: their package.json's publishing fields, @ofw/api-client's entries free of
// @tanstack/react-query (main) and zod (/errors), and @ofw/payments' braintree-web imports and /protocol entry.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const fail = (m) => {
  throw new Error(m);
};

/**
 * The registry policy of every published package: restricted, UNLICENSED, no provenance, no registry in
 * publishConfig; repository/homepage/bugs; no side effects but stylesheets.
 * @param published - `{ dir, pkg }` of each published package.
 */
export function checkRegistryPolicy(published) {
  for (const { pkg } of published) {
    const where = `${pkg.name}: `;
    if (pkg.license !== 'UNLICENSED') fail(`${where}license must be UNLICENSED (OFW-internal, access restricted)`);
    if (pkg.publishConfig?.access !== 'restricted') fail(`${where}publishConfig.access must be "restricted"`);
    if (pkg.publishConfig?.provenance !== false)
      fail(`${where}publishConfig.provenance must be false (npm attests public packages only)`);
    // The registry of a release is set in one place, the release workflow (docs/RELEASING.md); a registry in
    // publishConfig would be a second one (and `changeset publish` would ask it whether a version exists).
    const named = Object.keys(pkg.publishConfig ?? {}).filter((k) => /(^|:)registry$/.test(k));
    if (named.length) fail(`${where}publishConfig names ${named.join(', ')}; the release workflow sets the registry`);
    if (!pkg.repository?.url || !pkg.repository?.directory) fail(`${where}repository { url, directory } missing`);
    if (!pkg.homepage || !pkg.bugs?.url) fail(`${where}homepage / bugs missing`);
    if (
      pkg.sideEffects !== false &&
      !(Array.isArray(pkg.sideEffects) && pkg.sideEffects.every((s) => s.endsWith('.css')))
    )
      fail(`${where}sideEffects must be false (or list stylesheets only)`);
  }
}

const distFiles = (dir) => readdirSync(path.join(dir, 'dist')).filter((f) => /\.c?js$/.test(f));

/** @ofw/api-client's build: the main entry free of @tanstack/react-query, the /errors entry free of zod. */
export function checkApiClientBuild(published) {
  const { dir } = published.find((p) => p.pkg.name === '@ofw/api-client');
  // the main entry and every chunk it may load (everything in dist/ except the /query entry)
  for (const f of distFiles(dir).filter((f) => !f.startsWith('query.')))
    if (readFileSync(path.join(dir, 'dist', f), 'utf8').includes('@tanstack/react-query'))
      fail(`@ofw/api-client: dist/${f} refers to @tanstack/react-query; only the /query entry may`);
  console.log('  @ofw/api-client: main entry free of @tanstack/react-query');
  // the /errors entry (ApiError, isApiError) and the chunks it loads never load zod
  for (const entry of ['errors.js', 'errors.cjs']) {
    const seen = new Set();
    const visit = (f) => {
      if (seen.has(f)) return;
      seen.add(f);
      const text = readFileSync(path.join(dir, 'dist', f), 'utf8');
      if (/(?:from\s*|require\()['"]zod(?:\/[^'"]*)?['"]/.test(text))
        fail(`@ofw/api-client: dist/${f}, loaded by the /errors entry, imports zod`);
      for (const m of text.matchAll(/(?:from\s*|require\()['"]\.\/([^'"]+)['"]/g)) visit(m[1]);
    };
    visit(entry);
  }
  console.log('  @ofw/api-client/errors: free of zod (ESM and CommonJS)');
}

/** @ofw/payments' build: braintree-web's per-module entry points only; /protocol free of React and braintree-web. */
export function checkPaymentsBuild(published) {
  const { dir } = published.find((p) => p.pkg.name === '@ofw/payments');
  const specifiers = distFiles(dir).flatMap((f) =>
    [...readFileSync(path.join(dir, 'dist', f), 'utf8').matchAll(/['"](braintree-web(?:\/[^'"]*)?)['"]/g)].map(
      (m) => m[1],
    ),
  );
  const bare = specifiers.filter((s) => !/^braintree-web\/[a-z0-9-]+\/index\.js$/.test(s));
  if (bare.length) fail(`@ofw/payments: dist/ imports ${bare.join(', ')}; import braintree-web/<module>/index.js`);
  console.log(`  @ofw/payments: ${specifiers.length} braintree-web imports, all per-module entry points`);
  // `@ofw/payments/protocol` (the sandbox frames bundle it): no React, no braintree-web, also through its chunks.
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(dir, 'dist', file), 'utf8');
    const bad = code.match(/['"](react[^'"]*|braintree-web[^'"]*|credit-card-type)['"]/);
    if (bad) fail(`@ofw/payments: dist/${file} (of the /protocol entry) imports ${bad[1]}`);
    for (const m of code.matchAll(/from\s*['"]\.\/([^'"]+)['"]/g)) visit(m[1]);
  };
  visit('protocol.js');
  visit('protocol.cjs');
  console.log(`  @ofw/payments/protocol: ${seen.size} files, free of React, braintree-web and credit-card-type`);
}
