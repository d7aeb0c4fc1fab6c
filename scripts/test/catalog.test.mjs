// shared versions have one home, the pnpm catalog (pnpm-workspace.yaml `catalog:`): no dependency is given a
// version range in more than one workspace package.json (peer ranges, which state what a consumer may bring, and
// `workspace:` links aside). Run by `pnpm test` (scripts/test.sh): `node --test scripts/test/`.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import yaml from 'js-yaml';

const root = new URL('../../', import.meta.url);
const read = (file) => readFileSync(new URL(file, root), 'utf8');
const workspace = yaml.load(read('pnpm-workspace.yaml'));

/** Every workspace's package.json (root, apps/*, packages/*, e2e) by path. */
const manifests = [
  'package.json',
  ...['apps', 'packages'].flatMap((dir) =>
    readdirSync(new URL(`${dir}/`, root)).map((name) => `${dir}/${name}/package.json`),
  ),
  'e2e/package.json',
].filter((file) => existsSync(new URL(file, root)));

describe('the pnpm catalog', () => {
  it('no dependency has its own version range in two workspaces (the catalog holds shared ones)', () => {
    const ranges = new Map();
    for (const file of manifests) {
      const pkg = JSON.parse(read(file));
      for (const section of ['dependencies', 'devDependencies', 'optionalDependencies'])
        for (const [name, range] of Object.entries(pkg[section] ?? {})) {
          if (range.startsWith('catalog:') || range.startsWith('workspace:')) continue;
          ranges.set(name, [...(ranges.get(name) ?? []), `${file} ${range}`]);
        }
    }
    const repeated = [...ranges].filter(([, where]) => where.length > 1);
    assert.deepEqual(repeated, [], 'repeated ranges: put them in pnpm-workspace.yaml `catalog:`');
  });

  it('every `catalog:` reference names an entry of the catalog', () => {
    const missing = [];
    for (const file of manifests) {
      const pkg = JSON.parse(read(file));
      for (const section of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'])
        for (const [name, range] of Object.entries(pkg[section] ?? {}))
          if (range === 'catalog:' && !(name in (workspace.catalog ?? {}))) missing.push(`${file} ${name}`);
    }
    assert.deepEqual(missing, []);
  });
});
