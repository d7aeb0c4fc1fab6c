import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `formatjs verify` (missing keys, extra keys, structural equality against en-US) checks the catalogues.
 * The command run here is package.json's own `i18n:verify` script (what `pnpm test` runs first), on fixtures.
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(webRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const verifyCommand = pkg.scripts['i18n:verify']!;

const ENGLISH = {
  'plan.term': '{years, plural, one {year} other {years}}',
  'payment.method': '{kind, select, card {card} paypal {PayPal} other {wallet}}',
  'app.greeting': 'Hello {name}, you pay {amount}.',
};

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Runs `i18n:verify` in a scratch join-web whose src/i18n/lang holds en-US and the given es-MX catalogue. */
function verify(spanish: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'i18n-verify-'));
  dirs.push(dir);
  const lang = path.join(dir, 'src/i18n/lang');
  mkdirSync(lang, { recursive: true });
  writeFileSync(path.join(lang, 'en-US.json'), JSON.stringify(ENGLISH));
  writeFileSync(path.join(lang, 'es-MX.json'), JSON.stringify(spanish));
  const run = spawnSync('sh', ['-c', verifyCommand], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${path.join(webRoot, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('formatjs verify replaces the regex check', () => {
  it('test runs i18n:verify, and i18n:verify is formatjs verify with missing keys, extra keys and structural equality', () => {
    expect(pkg.scripts.test).toMatch(/^pnpm run i18n:verify && /);
    for (const flag of ['--source-locale en-US', '--missing-keys', '--extra-keys', '--structural-equality'])
      expect(verifyCommand).toContain(flag);
    expect(verifyCommand).toMatch(/^formatjs verify /);
  });

  it('a correct plural and select translation with different branch text passes (the old regex rejected it)', () => {
    const result = verify({
      'plan.term': '{years, plural, one {año} many {años} other {años}}',
      'payment.method': '{kind, select, card {la tarjeta} paypal {PayPal} other {la billetera}}',
      'app.greeting': 'Hola, {name}: pagas {amount}.',
    });
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it('a missing key fails', () => {
    const result = verify({
      'plan.term': '{years, plural, one {año} other {años}}',
      'app.greeting': 'Hola, {name}: pagas {amount}.',
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/Missing translation keys for locale es-MX:\s+payment\.method/);
  });

  it('an extra key fails', () => {
    const result = verify({
      'plan.term': '{years, plural, one {año} other {años}}',
      'payment.method': '{kind, select, card {la tarjeta} paypal {PayPal} other {la billetera}}',
      'app.greeting': 'Hola, {name}: pagas {amount}.',
      'app.unused': 'Sobra',
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/Extra translation keys for locale es-MX:\s+app\.unused/);
  });

  it('a wrong argument name, or a plural turned into a plain argument, fails', () => {
    const result = verify({
      'plan.term': '{years} años',
      'payment.method': '{kind, select, card {la tarjeta} paypal {PayPal} other {la billetera}}',
      'app.greeting': 'Hola, {nombre}: pagas {amount}.',
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/structurally different from en-US/);
    expect(result.output).toMatch(/app\.greeting/);
    expect(result.output).toMatch(/plan\.term/);
  });
});
