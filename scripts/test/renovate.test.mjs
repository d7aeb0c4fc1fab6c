import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';

// The dependency-update bot (Renovate) groups updates by ecosystem: every dependency the workspace declares — in a
// package.json or in pnpm-workspace.yaml's catalog — belongs to one named group, so no update arrives alone and
// unreviewed, and the next major of a tool is proposed without waiting for a person to notice.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = JSON.parse(readFileSync(path.join(root, 'renovate.json'), 'utf8'));

/** Renovate's matchPackageNames glob (`@scope/**`, `eslint-plugin-**`, `pino-*`, or an exact name). */
const matches = (pattern, name) => {
  const star = pattern.indexOf('*');
  return star === -1 ? pattern === name : name.startsWith(pattern.slice(0, star));
};

function declaredDependencies() {
  const names = new Set(Object.keys(yaml.load(readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8')).catalog));
  const manifests = ['package.json', 'e2e/package.json'];
  for (const dir of ['packages', 'apps'])
    for (const ws of readdirSync(path.join(root, dir))) {
      const file = path.join(dir, ws, 'package.json');
      if (existsSync(path.join(root, file))) manifests.push(file);
    }
  for (const file of manifests) {
    const pkg = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies'])
      for (const [name, range] of Object.entries(pkg[field] ?? {}))
        if (!String(range).startsWith('workspace:')) names.add(name);
  }
  return [...names].sort();
}

test('renovate.json: every declared dependency (catalog included) is in one named group', () => {
  assert.ok(config.extends.includes('config:recommended'));
  const groups = config.packageRules.filter((r) => r.groupName);
  const ungrouped = declaredDependencies().filter(
    (name) => !groups.some((g) => (g.matchPackageNames ?? []).some((p) => matches(p, name))),
  );
  assert.deepEqual(ungrouped, []);
});

/** The rules that apply to one dependency, in order (later ones win), as Renovate matches them. */
const rulesFor = ({ manager, name, depType }) =>
  config.packageRules.filter(
    (r) =>
      (!r.matchManagers || r.matchManagers.includes(manager)) &&
      (!r.matchDepTypes || r.matchDepTypes.includes(depType)) &&
      (!r.matchPackageNames || r.matchPackageNames.some((p) => matches(p, name))),
  );
const groupOf = (dep) => rulesFor(dep).findLast((r) => r.groupName)?.groupName;
const enabled = (dep) => rulesFor(dep).findLast((r) => 'enabled' in r)?.enabled ?? true;

// The runtime is named in several files that must move together: scripts/test/node-runtime.test.mjs requires
// pnpm-workspace.yaml's nodeVersion to equal the installed `node`, so a pull request moving one without the other
// can never pass. @types/node is not the runtime (it follows the oldest supported Node): were it in the runtime's
// group, that group would wait on it, or drag it to a major the packages do not support.
describe('renovate.json: the node runtime', () => {
  const workspaceYaml = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const { nodeVersion } = yaml.load(workspaceYaml);
  const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

  it("a custom manager finds pnpm-workspace.yaml's nodeVersion, as the npm package `node` (the devDependency's)", () => {
    const managers = (config.customManagers ?? []).filter((m) =>
      m.managerFilePatterns.some((p) => new RegExp(p.slice(1, -1)).test('pnpm-workspace.yaml')),
    );
    const found = managers.flatMap((m) =>
      m.matchStrings.flatMap((s) => [...workspaceYaml.matchAll(new RegExp(s, 'g'))].map((x) => ({ m, x }))),
    );
    assert.equal(found.length, 1, 'one match in pnpm-workspace.yaml');
    const [{ m, x }] = found;
    assert.equal(x.groups.currentValue, String(nodeVersion), 'it captures nodeVersion');
    assert.equal(m.depNameTemplate, 'node');
    // the same datasource and package as the root devDependency `node`, so both land on the same version
    assert.equal(m.datasourceTemplate, 'npm');
    assert.equal(m.packageNameTemplate ?? m.depNameTemplate, 'node');
    assert.ok(rootPkg.devDependencies.node, 'the root devDependency `node`');
  });

  it('the devDependency, nodeVersion and .nvmrc are in ONE group; @types/node is in its own', () => {
    const runtime = [
      { manager: 'npm', name: 'node', depType: 'devDependencies' },
      { manager: 'custom.regex', name: 'node' },
      { manager: 'nvm', name: 'node' },
    ];
    const groups = new Set(runtime.map(groupOf));
    assert.equal(groups.size, 1, `one group: ${[...groups]}`);
    assert.ok([...groups][0], 'a named group');
    assert.ok(runtime.every(enabled), 'all updated');
    const types = { manager: 'npm', name: '@types/node', depType: 'devDependencies' };
    assert.ok(groupOf(types) && !groups.has(groupOf(types)), `@types/node apart: ${groupOf(types)}`);
    const alone = config.packageRules.find((r) => r.groupName === groupOf(types));
    assert.deepEqual(alone.matchPackageNames, ['@types/node'], 'its group holds it alone');
  });

  it('the runtime follows LTS (even) majors only', () => {
    const rule = rulesFor({ manager: 'npm', name: 'node', depType: 'devDependencies' }).findLast(
      (r) => r.allowedVersions,
    );
    const allowed = new RegExp(rule.allowedVersions.slice(1, -1));
    assert.ok(allowed.test('24.21.0') && allowed.test('26.10.0'));
    assert.ok(!allowed.test('25.0.0') && !allowed.test('27.1.0'));
  });

  it("the supported minimum (engines, the workflows' bootstrap Node) is not moved by Renovate", () => {
    assert.equal(enabled({ manager: 'npm', name: 'node', depType: 'engines' }), false, 'engines');
    assert.equal(enabled({ manager: 'github-actions', name: 'node' }), false, 'node:20 containers, setup-node');
  });
});
