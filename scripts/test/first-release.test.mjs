// The first release of the @ofw packages (CONTRIBUTING.md "The first release"): nothing was ever published, so a
// consumer who had nothing before must not read "Major Changes" or breaking notes against versions nobody received.
// The CHANGELOG rule `pnpm release:check` applies to what `changeset version` writes, and a fast static check that no
// pending changeset bumps a never-released package `major`. Run by `pnpm test` (scripts/test.sh): `node --test`.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { firstReleaseChangelogProblems, majorBumps } from '../lib/first-release.mjs';

const root = new URL('../../', import.meta.url);
const read = (file) => readFileSync(new URL(file, root), 'utf8');
const packages = ['domain', 'api-client', 'payments', 'ui'].map((dir) => ({
  dir,
  pkg: JSON.parse(read(`packages/${dir}/package.json`)),
}));
const pending = readdirSync(new URL('.changeset/', root))
  .filter((f) => f.endsWith('.md') && f !== 'README.md')
  .map((f) => ({ file: f, text: read(`.changeset/${f}`) }));

// What `changeset version` (@changesets/cli/changelog) writes for a package's first version.
const written = (sections) => `# @ofw/ui\n\n## 0.1.0\n\n${sections}`;

describe('the first release', () => {
  it('a CHANGELOG of one version with Minor/Patch Changes suits a first release', () => {
    const ok = written('### Minor Changes\n\n- abc123: First release.\n\n### Patch Changes\n\n- def456: a fix\n');
    assert.deepEqual(firstReleaseChangelogProblems(ok, '0.1.0'), []);
  });

  it('"Major Changes" in a first CHANGELOG is refused: there is no published version it breaks', () => {
    const major = written('### Major Changes\n\n- abc123: **Breaking**: removed X.\n\n### Minor Changes\n\n- y\n');
    const problems = firstReleaseChangelogProblems(major, '0.1.0');
    assert.equal(problems.length, 1);
    assert.match(problems[0], /Major Changes/);
  });

  it('a first CHANGELOG names the published version alone', () => {
    assert.match(firstReleaseChangelogProblems(written('### Minor Changes\n\n- x\n'), '1.0.0')[0], /expected 1\.0\.0/);
    const two = `# @ofw/ui\n\n## 0.2.0\n\n### Minor Changes\n\n- x\n\n## 0.1.0\n\n### Minor Changes\n\n- y\n`;
    assert.match(firstReleaseChangelogProblems(two, '0.2.0')[0], /0\.2\.0, 0\.1\.0/);
  });

  it('majorBumps reads the front matter of a changeset, quoted either way', () => {
    assert.deepEqual(majorBumps('---\n\'@ofw/ui\': major\n"@ofw/domain": minor\n---\n\nText: major\n'), ['@ofw/ui']);
    assert.deepEqual(majorBumps('---\n"@ofw/payments": major\n---\n'), ['@ofw/payments']);
  });

  it('no pending changeset bumps a never-released package major (no CHANGELOG.md yet)', () => {
    const unreleased = new Set(
      packages.filter(({ dir }) => !existsSync(new URL(`packages/${dir}/CHANGELOG.md`, root))).map((p) => p.pkg.name),
    );
    const offending = pending.flatMap(({ file, text }) =>
      majorBumps(text)
        .filter((name) => unreleased.has(name))
        .map((name) => `${file}: ${name}`),
    );
    assert.deepEqual(offending, [], 'use minor/patch, or extend the package’s initial-release changeset');
  });

  it('each never-released package starts at 0.0.0 and has one initial-release changeset, a minor (first version 0.1.0)', () => {
    for (const { dir, pkg } of packages) {
      if (existsSync(new URL(`packages/${dir}/CHANGELOG.md`, root))) continue;
      assert.equal(pkg.version, '0.0.0', `${pkg.name}: never released`);
      const initial = pending.find((c) => c.file === `${dir}-initial-release.md`);
      assert.ok(initial, `${pkg.name}: .changeset/${dir}-initial-release.md`);
      assert.match(initial.text, new RegExp(`^['"]${pkg.name}['"]: minor$`, 'm'), `${pkg.name}: a minor`);
    }
  });
});
