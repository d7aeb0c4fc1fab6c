// What `pnpm release:check` (scripts/release-check.mjs) and the release-cycle test (scripts/test/release-cycle.test.mjs)
// share about the release cycle (docs/RELEASING.md): where the changesets CLI is, whether changesets are pending (the
// question changesets/action asks to choose between opening the "Version packages" pull request and publishing), the
// `git-tag` events the CLI reports in CHANGESETS_OUTPUT, and git run in a scratch repository.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { devNull } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Copies what a release needs of the workspace at `root` to the new folder `to` (the working tree as it is, built):
 * the root manifests and pnpm files, .changeset/, .gitignore, every workspace's package.json (changesets reads them
 * all: the apps and e2e are in its `ignore` list, which must resolve), the published packages whole with dist/, the
 * private tooling they take as a devDependency (`workspace:*`, which `pnpm publish` resolves too), `scripts/` when
 * asked, and `node_modules` as a link to the workspace's own.
 *
 * @param {string} root - the workspace
 * @param {string} to - the folder to create
 * @param {string[]} packageDirs - the published packages' absolute folders (under `root`)
 * @param {{ scripts?: boolean }} options - `scripts`: copy scripts/ too (to run release:check in the copy)
 */
export function copyReleaseWorkspace(root, to, packageDirs, { scripts = false } = {}) {
  mkdirSync(to);
  const files = ['package.json', 'pnpm-workspace.yaml', 'pnpm-lock.yaml', '.npmrc', '.changeset', '.gitignore'];
  for (const f of scripts ? [...files, 'scripts'] : files)
    cpSync(path.join(root, f), path.join(to, f), { recursive: true });
  const manifests = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*package.json'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /^(apps\/[^/]+|e2e)\/package\.json$/.test(f));
  for (const f of manifests) cpSync(path.join(root, f), path.join(to, f));
  // node_modules as the links they are: `pnpm publish` resolves `workspace:^` through node_modules/@ofw/<dep>
  // (-> ../../../<dep>, the copy's own sibling) and the rest through the root link
  for (const dir of packageDirs)
    cpSync(dir, path.join(to, path.relative(root, dir)), { recursive: true, verbatimSymlinks: true });
  for (const name of readdirSync(path.join(root, 'tooling')))
    cpSync(path.join(root, 'tooling', name), path.join(to, 'tooling', name), {
      recursive: true,
      verbatimSymlinks: true,
    });
  symlinkSync(path.join(root, 'node_modules'), path.join(to, 'node_modules'));
}

/**
 * The changesets CLI's bin, as installed at the workspace root (run it with the pinned Node: @changesets/cli 3 needs
 * Node ≥ 22).
 *
 * @param {string} root - the workspace root (its node_modules has @changesets/cli)
 * @returns {{ bin: string, version: string }} the bin's absolute path and the CLI's version
 */
export function changesetCli(root) {
  const manifest = createRequire(path.join(root, 'package.json')).resolve('@changesets/cli/package.json');
  const { bin, version } = JSON.parse(readFileSync(manifest, 'utf8'));
  return { bin: path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin.changeset), version };
}

/**
 * The pending changesets of a workspace, read as changesets/action v2 reads them (its src/readChangesetState.ts:
 * `@changesets/read`, without the already-versioned `pre/` ones in pre mode). None pending is the state after the
 * "Version packages" pull request: the action then publishes instead of versioning.
 *
 * @param {string} cwd - the workspace root (with .changeset/)
 * @param {string} root - where @changesets/cli is installed (default `cwd`)
 * @returns {Promise<{ id: string, releases: { name: string, type: string }[] }[]>} the changesets, possibly none
 */
export async function pendingChangesets(cwd, root = cwd) {
  const fromCli = createRequire(createRequire(path.join(root, 'package.json')).resolve('@changesets/cli/package.json'));
  const { readChangesets } = await import(pathToFileURL(fromCli.resolve('@changesets/read')).href);
  const { readPreState } = await import(pathToFileURL(fromCli.resolve('@changesets/pre')).href);
  const changesets = await readChangesets(cwd);
  const pre = await readPreState(cwd);
  return pre?.mode === 'pre' ? changesets.filter((c) => !c.id.startsWith('pre/')) : changesets;
}

/**
 * The `git-tag` events `changeset publish` appended to its CHANGESETS_OUTPUT file (newline-delimited JSON, one event
 * per tag it created). changesets/action v2 sets CHANGESETS_OUTPUT for its publish script and pushes these tags and
 * makes the GitHub releases from them: a package missing here was, for the action, not published.
 *
 * @param {string} text - the file's content
 * @returns {{ tag: string, packageName: string }[]} the events, in order
 */
export function readGitTagEvents(text) {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line))
    .filter((e) => e?.type === 'git-tag' && typeof e.tag === 'string' && typeof e.packageName === 'string')
    .map(({ tag, packageName }) => ({ tag, packageName }));
}

/**
 * Whether a CHANGELOG.md (as `changeset version` writes it) has the entry of `version`: the `## <version>` heading
 * changesets/action v2 takes a GitHub release's body from (it fails the publish when the heading is missing).
 *
 * @param {string} changelog - the CHANGELOG.md text
 * @param {string} version - e.g. `0.1.0`
 * @returns {boolean}
 */
export function changelogHasVersion(changelog, version) {
  return changelog.split('\n').some((line) => line.trim() === `## ${version}`);
}

/**
 * The environment for git in a scratch repository: a fixed identity (annotated tags and commits need one) and none
 * of the user's or the system's configuration (a `commit.gpgsign` there would stop a scratch commit).
 *
 * @param {NodeJS.ProcessEnv} env - the environment to start from (default `process.env`)
 * @returns {NodeJS.ProcessEnv}
 */
export function scratchGitEnv(env = process.env) {
  return {
    ...env,
    GIT_CONFIG_GLOBAL: devNull,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'release-check',
    GIT_AUTHOR_EMAIL: 'release-check@localhost',
    GIT_COMMITTER_NAME: 'release-check',
    GIT_COMMITTER_EMAIL: 'release-check@localhost',
  };
}
