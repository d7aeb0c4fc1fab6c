// What a release published, checked by `pnpm release:check` (scripts/release-check.mjs, its stage 4.): each
// package's CHANGELOG.md entry for its version (a first release's without "Major Changes"), and what the registry
// holds after `changeset publish` (the version as latest, no `workspace:`/`catalog:` range, the CHANGELOG.md packed).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { firstReleaseChangelogProblems } from './first-release.mjs';
import { changelogHasVersion } from './release-cycle.mjs';

const fail = (m) => {
  throw new Error(m);
};

/**
 * Every released package's CHANGELOG.md has an entry for the version released (changesets/action makes each GitHub
 * release from it); a first release's has one version and no "Major Changes".
 * @param released - `{ name, from, version, changelog, first }` of each released package.
 */
export function checkReleasedChangelogs(released) {
  for (const r of released) {
    console.log(
      `  ${r.name}: ${r.from === r.version ? r.version : `${r.from} → ${r.version}`}${r.first ? ' (first release)' : ''}`,
    );
    // changesets/action makes each GitHub release from the CHANGELOG.md entry of the version it published
    if (!changelogHasVersion(r.changelog, r.version))
      fail(`${r.name}: CHANGELOG.md has no "## ${r.version}" entry (run the release through \`changeset version\`)`);
    if (!r.first) continue;
    // A consumer of a first release had nothing before: one version, no "Major Changes" (scripts/lib/first-release.mjs)
    const problems = firstReleaseChangelogProblems(r.changelog, r.version);
    if (problems.length) fail(`${r.name}: the first release's CHANGELOG.md has ${problems.join('; and ')}`);
  }
}

/**
 * What the registry holds after `changeset publish`: each released version as `latest`, its manifest with no
 * `workspace:`/`catalog:` range and internal dependencies as ranges, its tarball with the released CHANGELOG.md.
 * @param released - `{ name, version, changelog }` of each released package.
 * @param registryUrl - the local registry's address; scratch - where the tarballs are written.
 * @returns the published manifest of each package, by name.
 */
export async function registryManifests(released, registryUrl, scratch) {
  const manifests = {};
  for (const r of released) {
    const res = await fetch(new URL(r.name.replace('/', '%2f'), registryUrl));
    if (!res.ok) fail(`${r.name}: not on the registry after changeset publish (${res.status})`);
    const packument = await res.json();
    if (packument['dist-tags']?.latest !== r.version)
      fail(`${r.name}: latest is ${packument['dist-tags']?.latest}, expected ${r.version}`);
    const packed = (manifests[r.name] = packument.versions[r.version]);
    const specs = ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) =>
      Object.entries(packed[k] ?? {}),
    );
    const unresolved = specs.filter(([, v]) => /^(workspace|catalog):/.test(v));
    if (unresolved.length) fail(`${r.name}: published package.json keeps ${unresolved.map((e) => e.join('@'))}`);
    const pinned = specs.filter(([n, v]) => n.startsWith('@ofw/') && !v.startsWith('^'));
    if (pinned.length) fail(`${r.name}: internal dependencies must be ranges (workspace:^): ${pinned}`);
    const tarball = path.join(scratch, `${r.name.replace('/', '-')}.tgz`);
    writeFileSync(tarball, Buffer.from(await (await fetch(packed.dist.tarball)).arrayBuffer()));
    const changelog = execFileSync('tar', ['-xOzf', tarball, 'package/CHANGELOG.md'], { encoding: 'utf8' });
    if (changelog !== r.changelog) fail(`${r.name}: the published CHANGELOG.md is not the one in the release commit`);
    console.log(`  ${r.name}@${r.version}: ${Object.keys(packed.exports).join(' ')}; CHANGELOG.md included`);
  }
  return manifests;
}
