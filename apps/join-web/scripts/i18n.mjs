#!/usr/bin/env node
/**
 * i18n tooling of join-web: a thin wrapper over @formatjs/cli for what it cannot do in one command.
 *
 *   node scripts/i18n.mjs extract   `formatjs extract` of src/ plus the payment messages of @ofw/payments
 *                                   (`paymentMessages`) and the catalogue texts of @ofw/domain (`catalogueMessages`) → src/i18n/extracted/en-US.json (formatjs default format:
 *                                   { id: { defaultMessage, description } }, the file translators work from) and
 *                                   src/i18n/lang/en-US.json (its { id: message } projection, the source locale)
 *   node scripts/i18n.mjs compile   `formatjs compile-folder --ast` of src/i18n/lang/*.json → src/i18n/compiled/ (the
 *                                   precompiled AST catalogues I18nProvider loads)
 *   node scripts/i18n.mjs check     fails when the extracted catalogues or the compiled ones are stale, or a message
 *                                   has no translator description
 *
 * Missing ids, unused ids and placeholders (plural/select branches may differ) are `formatjs verify`'s job: the
 * `i18n:verify` script of package.json, run by `pnpm test` before this check.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const langDir = path.join(root, 'src/i18n/lang');
const compiledDir = path.join(root, 'src/i18n/compiled');
const extractedFile = path.join(root, 'src/i18n/extracted/en-US.json');
const formatjs = path.join(root, 'node_modules/.bin/formatjs');

const sortKeys = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
const json = (o) => `${JSON.stringify(sortKeys(o), null, 2)}\n`;
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));

function withTempDir(fn) {
  const dir = mkdtempSync(path.join(tmpdir(), 'i18n-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The messages the sources define, in formatjs' default format: { id: { defaultMessage, description } }. */
async function extracted() {
  const messages = withTempDir((dir) => {
    const out = path.join(dir, 'en-US.json');
    execFileSync(
      formatjs,
      [
        'extract',
        'src/**/*.{ts,tsx}',
        '--ignore',
        'src/**/*.d.ts',
        '--ignore',
        'src/routeTree.gen.ts',
        '--throws',
        '--out-file',
        out,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    return read(out);
  });
  // Messages other packages define and join-web shows by id: the payment errors of @ofw/payments and the catalogue's
  // display text of @ofw/domain (plan names, descriptions, features, build-your-own options; used through
  // `packageText` / `byoOptionText`, so `formatjs extract` cannot see them in src/).
  const { paymentMessages } = await import('@ofw/payments');
  const { catalogueMessages } = await import('@ofw/domain');
  for (const { id, defaultMessage, description } of [
    ...Object.values(paymentMessages),
    ...Object.values(catalogueMessages),
  ]) {
    if (messages[id] !== undefined && messages[id].defaultMessage !== defaultMessage)
      throw new Error(`Message id ${id} is defined twice with different texts`);
    messages[id] = { defaultMessage, description };
  }
  return sortKeys(
    Object.fromEntries(
      Object.entries(messages).map(([id, m]) => [
        id,
        m.description === undefined
          ? { defaultMessage: m.defaultMessage }
          : { defaultMessage: m.defaultMessage, description: m.description },
      ]),
    ),
  );
}

const simple = (messages) => Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, m.defaultMessage]));

function compileTo(outDir) {
  execFileSync(formatjs, ['compile-folder', '--ast', '--format', 'simple', langDir, outDir], {
    cwd: root,
    stdio: 'inherit',
  });
}

async function extract() {
  const messages = await extracted();
  mkdirSync(path.dirname(extractedFile), { recursive: true });
  writeFileSync(extractedFile, json(messages));
  writeFileSync(path.join(langDir, 'en-US.json'), json(simple(messages)));
}

function compile() {
  for (const f of readdirSync(compiledDir)) if (f.endsWith('.json')) rmSync(path.join(compiledDir, f));
  compileTo(compiledDir);
}

async function check() {
  const problems = [];
  const messages = await extracted();
  // Compared as JSON values, not bytes: Prettier may have reformatted the files.
  const parsed = (file) => {
    try {
      return JSON.stringify(sortKeys(read(file)));
    } catch {
      return undefined;
    }
  };
  const same = (file, value) => parsed(file) === JSON.stringify(sortKeys(value));
  if (!same(extractedFile, messages) || !same(path.join(langDir, 'en-US.json'), simple(messages)))
    problems.push('src/i18n/extracted/en-US.json or lang/en-US.json is out of date: run `pnpm i18n:extract`.');
  for (const [id, m] of Object.entries(messages))
    if (typeof m.description !== 'string' || m.description.trim() === '')
      problems.push(`"${id}" has no translator description`);
  withTempDir((dir) => {
    compileTo(dir);
    const files = readdirSync(langDir).filter((f) => f.endsWith('.json'));
    const compiled = readdirSync(compiledDir).filter((f) => f.endsWith('.json'));
    for (const f of new Set([...files, ...compiled])) {
      const current = parsed(path.join(compiledDir, f));
      if (current === undefined || current !== parsed(path.join(dir, f)))
        problems.push(`src/i18n/compiled/${f} is out of date: run \`pnpm i18n:compile\`.`);
    }
  });
  if (problems.length) {
    console.error(`i18n check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    `i18n check passed: ${Object.keys(messages).length} messages, all described; compiled catalogues current.`,
  );
}

const command = process.argv[2];
if (command === 'extract') await extract();
else if (command === 'compile') compile();
else if (command === 'check') await check();
else {
  console.error('usage: i18n.mjs extract | compile | check');
  process.exit(2);
}
