// CONTRIBUTING.md "Size rules": files ≤ 350 lines, functions ≤ 80, React components ≤ 150, tests held to the file limit
// only. Each case lints a generated fixture as if it were a file of a workspace (ESLint's lintText, type-aware rules
// off: only lengths matter here) and shows the limit failing `pnpm lint` one line past it, and passing at it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { execFileSync } from 'node:child_process';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { root } from '../lib/processes.mjs';

const eslint = new ESLint({
  cwd: root,
  overrideConfig: [
    tseslint.configs.disableTypeChecked,
    { languageOptions: { parserOptions: { projectService: false } } },
  ],
});

/** The size messages ESLint gives `code` as the file `filePath` (relative to the repository root). */
async function sizeErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.filter((m) => /^(max-lines|size\/)/.test(m.ruleId ?? '')).map((m) => m.message);
}

/** A function declaration `name` whose body has `lines` lines in all (its braces included). */
const fn = (name, lines) => `export function ${name}(): number {\n${'  void 0;\n'.repeat(lines - 3)}  return 1;\n}\n`;

describe('CONTRIBUTING.md "Size rules" in eslint.config.js', () => {
  it('a function of 81 lines fails, one of 80 passes, blank lines and comments not counted', async () => {
    assert.match(
      (await sizeErrors('packages/domain/src/fixture.ts', fn('step', 81))).join(),
      /has too many lines \(81\)/,
    );
    assert.deepEqual(await sizeErrors('packages/domain/src/fixture.ts', fn('step', 80)), []);
    const padded = fn('step', 80).replace('  return 1;', '\n  // why\n\n  return 1;');
    assert.deepEqual(await sizeErrors('packages/domain/src/fixture.ts', padded), []);
  });

  it('a React component (PascalCase, .tsx) may take 150 lines; a hook beside it still 80', async () => {
    const file = 'apps/join-web/src/join/Fixture.tsx';
    assert.deepEqual(await sizeErrors(file, fn('Panel', 150)), []);
    assert.match(
      (await sizeErrors(file, fn('Panel', 151))).join(),
      /has too many lines \(151\)\. Maximum allowed is 150/,
    );
    assert.match((await sizeErrors(file, fn('usePanel', 81))).join(), /Maximum allowed is 80/);
    assert.match((await sizeErrors('apps/join-web/src/join/fixture.ts', fn('Panel', 81))).join(), /allowed is 80/);
  });

  it('a file of 351 lines fails in every workspace, tooling and scripts', async () => {
    const long = 'export const a = 1;\n'.repeat(351);
    for (const file of ['apps/payments-sandbox/src/x.ts', 'e2e/support/x.ts', 'tooling/eslint/x.js', 'scripts/x.mjs'])
      assert.match((await sizeErrors(file, long)).join(), /File has too many lines \(351\)/, file);
  });

  it('tests keep the file limit but not the function limit (a describe callback holds a suite)', async () => {
    const suite = `describe('x', () => {\n${"  it('y', () => {});\n".repeat(100)}});\n`;
    assert.deepEqual(await sizeErrors('packages/payments/test/x.test.ts', suite), []);
    const long = 'export const a = 1;\n'.repeat(351);
    assert.match((await sizeErrors('packages/payments/test/x.test.ts', long)).join(), /File has too many lines/);
  });

  it('no test or bench file of the repository is exempt from the file limit (no exemption list)', async () => {
    const files = execFileSync('git', ['ls-files', '-z', '--', '*/test/*', '*/bench/*', 'e2e/tests/*', '*.test.*'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((f) => /\.(ts|tsx|mts|js|mjs|cjs)$/.test(f) && /^(packages|apps|e2e|tooling|scripts)\//.test(f));
    assert.ok(files.length > 200, `found ${files.length} test and bench files`);
    const exempt = [];
    for (const file of files) {
      const config = await eslint.calculateConfigForFile(`${root}/${file}`);
      const rule = config?.rules?.['max-lines'];
      if (!Array.isArray(rule) || rule[0] !== 2 || rule[1]?.max !== 350) exempt.push(file);
    }
    assert.deepEqual(exempt, []);
  });
});
