#!/usr/bin/env node
/**
 * i18n tooling of join-web over @formatjs/cli.
 *
 *   node scripts/i18n.mjs extract   writes src/i18n/lang/en-US.json: every message of src/ (defaultMessage) plus the
 *                                   payment messages of @ofw/payments (`paymentMessages`, en-US defaults)
 *   node scripts/i18n.mjs compile   compiles src/i18n/lang/*.json to AST catalogues in src/i18n/compiled/
 *   node scripts/i18n.mjs check     fails when en-US.json is stale, or a locale misses an id, has an unused id,
 *                                   or uses other placeholders than the English message
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const langDir = path.join(root, 'src/i18n/lang');
const compiledDir = path.join(root, 'src/i18n/compiled');
const LOCALES = ['en-US', 'en-GB', 'es-US', 'es-MX'];
const formatjs = path.join(root, 'node_modules/.bin/formatjs');

const sortKeys = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
const write = (file, o) => writeFileSync(file, `${JSON.stringify(sortKeys(o), null, 2)}\n`);
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The en-US catalogue the sources define: { id: defaultMessage }. */
async function extracted() {
  const dir = mkdtempSync(path.join(tmpdir(), 'i18n-'));
  const out = path.join(dir, 'en-US.json');
  try {
    execFileSync(
      formatjs,
      [
        'extract',
        'src/**/*.{ts,tsx}',
        '--ignore',
        'src/**/*.d.ts',
        '--ignore',
        'src/routeTree.gen.ts',
        '--format',
        'simple',
        '--out-file',
        out,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const messages = read(out);
    const { paymentMessages } = await import('@ofw/payments');
    for (const { id, defaultMessage } of Object.values(paymentMessages)) {
      if (messages[id] !== undefined && messages[id] !== defaultMessage)
        throw new Error(`Message id ${id} is defined twice with different texts`);
      messages[id] = defaultMessage;
    }
    return sortKeys(messages);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Top-level and nested argument names of an ICU message (`{name}`, `{n, plural, …}`), sorted. */
function argumentsOf(message) {
  const names = new Set();
  for (const m of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*(?:[,}])/g)) names.add(m[1]);
  return [...names].sort().join(',');
}

async function check() {
  const source = await extracted();
  const problems = [];
  const english = read(path.join(langDir, 'en-US.json'));
  if (JSON.stringify(sortKeys(english)) !== JSON.stringify(source)) {
    problems.push('en-US.json is out of date with the sources: run `pnpm --filter join-web i18n:extract`.');
  }
  const ids = Object.keys(source);
  for (const locale of LOCALES) {
    const catalogue = read(path.join(langDir, `${locale}.json`));
    const missing = ids.filter((id) => typeof catalogue[id] !== 'string' || catalogue[id].trim() === '');
    const unused = Object.keys(catalogue).filter((id) => !(id in source));
    const badArgs = ids.filter(
      (id) => typeof catalogue[id] === 'string' && argumentsOf(catalogue[id]) !== argumentsOf(source[id]),
    );
    for (const id of missing) problems.push(`${locale}: missing message id "${id}"`);
    for (const id of unused) problems.push(`${locale}: unused message id "${id}"`);
    for (const id of badArgs)
      problems.push(
        `${locale}: "${id}" has placeholders {${argumentsOf(catalogue[id])}} but en-US has {${argumentsOf(source[id])}}`,
      );
  }
  if (problems.length) {
    console.error(`i18n check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`i18n check passed: ${ids.length} ids in ${LOCALES.join(', ')}.`);
}

function compile() {
  for (const f of readdirSync(compiledDir)) if (f.endsWith('.json')) rmSync(path.join(compiledDir, f));
  execFileSync(formatjs, ['compile-folder', '--ast', '--format', 'simple', langDir, compiledDir], {
    cwd: root,
    stdio: 'inherit',
  });
}

const command = process.argv[2];
if (command === 'extract') write(path.join(langDir, 'en-US.json'), await extracted());
else if (command === 'compile') compile();
else if (command === 'check') await check();
else {
  console.error('usage: i18n.mjs extract | compile | check');
  process.exit(2);
}
