import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
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

test('renovate.json: the runtime follows LTS (even) majors only', () => {
  const runtime = config.packageRules.find((r) => r.matchPackageNames?.includes('node'));
  const allowed = new RegExp(runtime.allowedVersions.slice(1, -1));
  assert.ok(allowed.test('24.21.0') && allowed.test('26.10.0'));
  assert.ok(!allowed.test('25.0.0') && !allowed.test('27.1.0'));
});
