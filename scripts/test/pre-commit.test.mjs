// CONTRIBUTING.md "Pre-commit hook": `pnpm install` installs a pre-commit hook (simple-git-hooks, from the root
// `prepare` script) that formats and lints the staged files only (lint-staged: prettier --write, then eslint with no
// warnings allowed). The hook's install must never break `pnpm install`: not in CI's fresh clone, not in a directory
// that is not a git repository. Each install case runs simple-git-hooks' own CLI in a scratch directory outside the
// repository, with this package.json.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { root } from '../lib/processes.mjs';

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const cli = path.join(root, 'node_modules/simple-git-hooks/cli.js');
const scratch = mkdtempSync(path.join(tmpdir(), 'ofw-hooks-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the hook install (`pnpm install`'s `prepare`) in a fresh directory holding the root package.json. */
function install(name, { git }) {
  const dir = path.join(scratch, name);
  cpSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  if (git) execFileSync('git', ['init', '-q', dir]);
  const env = { ...process.env, INIT_CWD: dir, CI: 'true' };
  delete env.SKIP_INSTALL_SIMPLE_GIT_HOOKS;
  execFileSync(process.execPath, [cli], { cwd: dir, env, stdio: 'pipe' }); // throws on a non-zero exit
  return dir;
}

describe('the pre-commit hook (CONTRIBUTING.md "Pre-commit hook")', () => {
  it('pnpm install installs it: the root prepare script runs simple-git-hooks, a devDependency', () => {
    assert.equal(pkg.scripts.prepare, 'simple-git-hooks');
    assert.ok(pkg.devDependencies['simple-git-hooks'] && pkg.devDependencies['lint-staged']);
    assert.match(pkg['simple-git-hooks']['pre-commit'], /\blint-staged\b/);
  });

  it('formats with prettier --write and lints with eslint --max-warnings=0, the staged code files only', () => {
    const code = Object.entries(pkg['lint-staged']).find(([glob]) => glob.includes('tsx'));
    assert.ok(code, 'a lint-staged entry for .ts/.tsx/.js files');
    const [prettier, eslint] = [code[1]].flat();
    assert.match(prettier, /^prettier --write\b/);
    assert.match(eslint, /^eslint\b.*--max-warnings=0/);
    for (const ext of ['ts', 'tsx', 'mjs', 'js']) assert.ok(code[0].includes(ext), ext);
  });

  it('in a fresh git clone (CI=true) the install writes .git/hooks/pre-commit running lint-staged', () => {
    const dir = install('clone', { git: true });
    assert.match(readFileSync(path.join(dir, '.git/hooks/pre-commit'), 'utf8'), /lint-staged/);
  });

  it('in a directory that is not a git repository the install does nothing and does not fail', () => {
    const dir = install('no-git', { git: false });
    assert.equal(existsSync(path.join(dir, '.git')), false);
  });
});
