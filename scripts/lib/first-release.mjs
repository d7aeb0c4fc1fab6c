// The first release of a package (CONTRIBUTING.md "The first release"): a consumer had nothing before, so its
// CHANGELOG.md has one version — the published one — and no "Major Changes" against a version nobody received.
// Used by `pnpm release:check` on the CHANGELOG.md `changeset version` writes, and by scripts/test/first-release.test.mjs.

/**
 * What is wrong with the CHANGELOG.md of a package's first release, as `changeset version` writes it (`## <version>`
 * headings, `### Major Changes` / `### Minor Changes` / `### Patch Changes` sections).
 *
 * @param {string} changelog - the CHANGELOG.md text
 * @param {string} version - the version being published first, e.g. `0.1.0`
 * @returns {string[]} the problems, in words; empty when the CHANGELOG suits a first release
 */
export function firstReleaseChangelogProblems(changelog, version) {
  const problems = [];
  if (/^### Major Changes\s*$/m.test(changelog))
    problems.push(
      'a "Major Changes" section (nothing was published to break): fold it into the initial-release changeset',
    );
  const headings = [...changelog.matchAll(/^## (\S+)\s*$/gm)].map((m) => m[1]);
  if (headings.length !== 1 || headings[0] !== version)
    problems.push(`the versions ${headings.join(', ') || '(none)'}; expected ${version} alone`);
  return problems;
}

/**
 * The packages a pending changeset bumps `major`, from its front matter (`'<name>': major`).
 *
 * @param {string} text - a `.changeset/*.md` file
 * @returns {string[]} package names
 */
export function majorBumps(text) {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  return [...front.matchAll(/^\s*['"]?([^'":\s]+)['"]?\s*:\s*major\s*$/gm)].map((m) => m[1]);
}
