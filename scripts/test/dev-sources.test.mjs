// under `pnpm dev` an edit of any file under packages/*/src shows up without a manual step. join-web gets the
// packages' sources through Vite; the two servers run under `tsx watch` with their tsconfig.dev.json, whose `paths`
// must send every @ofw/* package they import to its source — a package left to resolve to its dist/ would need a
// rebuild by hand. Run by `pnpm test` (scripts/test.sh): `node --test scripts/test/`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const SERVERS = ['join-api', 'payments-sandbox'];

/** Every `@ofw/…` specifier imported under apps/<app>/src (static and type imports alike). */
function workspaceImports(app) {
  const found = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name))
        for (const m of readFileSync(file, 'utf8').matchAll(/from '(@ofw\/[^']+)'/g)) found.add(m[1]);
    }
  };
  walk(path.join(root, 'apps', app, 'src'));
  return [...found].sort();
}

/** Where tsx (as `pnpm dev` runs it: `--tsconfig tsconfig.dev.json`, in the app's folder) resolves `specifier`. */
function devResolution(app, specifier) {
  const probe = path.join(root, 'apps', app, 'src', `.dev-resolve-probe-${process.pid}.ts`);
  writeFileSync(probe, `console.log(import.meta.resolve(${JSON.stringify(specifier)}));\n`);
  try {
    const r = spawnSync(process.execPath, [tsx, '--tsconfig', 'tsconfig.dev.json', probe], {
      cwd: path.join(root, 'apps', app),
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    return fileURLToPath(r.stdout.trim());
  } finally {
    rmSync(probe, { force: true });
  }
}

describe('pnpm dev runs the servers on the packages’ sources', () => {
  const dev = readFileSync(path.join(root, 'scripts/dev.mjs'), 'utf8');

  it('both servers run under tsx watch with their tsconfig.dev.json', () => {
    assert.match(dev, /'watch',[\s\S]*'--tsconfig',\s*'tsconfig\.dev\.json'/);
    assert.doesNotMatch(dev, /app === 'join-api' \? \['--tsconfig'/, 'not join-api only');
    for (const app of SERVERS) assert.ok(existsSync(path.join(root, 'apps', app, 'tsconfig.dev.json')), app);
  });

  for (const app of SERVERS) {
    it(`every @ofw/* import of ${app} resolves to packages/*/src under pnpm dev`, () => {
      const specifiers = workspaceImports(app);
      assert.ok(specifiers.length > 0, `${app} imports a workspace package`);
      for (const specifier of specifiers) {
        const file = devResolution(app, specifier);
        assert.match(path.relative(root, file), /^packages\/[^/]+\/src\//, `${specifier} → ${file}`);
      }
    });
  }

  it('the frame script is rebuilt on an edit of the protocol, bundled from its source', () => {
    assert.match(dev, /'--watch',\s*'src\/frame',\s*'--watch',\s*'\.\.\/\.\.\/packages\/payments\/src\/protocol\.ts'/);
    const tsup = readFileSync(path.join(root, 'apps/payments-sandbox/tsup.config.ts'), 'utf8');
    assert.match(
      tsup,
      /SANDBOX_FRAME_ONLY === '1'\s*\?\s*\[\{ \.\.\.frameScript, tsconfig: 'tsconfig\.dev\.json' \}\]/,
    );
  });
});
