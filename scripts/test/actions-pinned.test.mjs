// Every action a workflow runs is pinned to a full commit SHA, its release named in a `# vX.Y.Z` comment (GitHub's
// "Security hardening for GitHub Actions": "Pin actions to a full length commit SHA … the only way to use an action as
// an immutable release"): a tag can be moved to other code, a SHA cannot. Renovate keeps the SHAs and their comments
// current (renovate.json: helpers:pinGitHubActionDigests). Run by `pnpm test` (scripts/test.sh).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { root } from '../lib/processes.mjs';

const workflowsDir = path.join(root, '.github/workflows');
const workflows = readdirSync(workflowsDir).filter((f) => /\.ya?ml$/.test(f));

/**
 * The `uses:` lines of a workflow's text that are not pinned: `owner/repo[/path]@<40 hex> # vX.Y.Z`; local actions
 * (`./…`) are part of the commit itself and need no pin. A `docker://` image would need a digest: none is allowed.
 * @returns `file:line: text` of each offending line.
 */
export function unpinnedUses(file, text) {
  const bad = [];
  for (const [i, line] of text.split('\n').entries()) {
    const m = /^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/.exec(line);
    if (!m || m[1].startsWith('./')) continue;
    const pinned = /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(m[1]) && /^\s+#\s*v\d+\.\d+\.\d+\s*$/.test(m[2]);
    if (!pinned) bad.push(`${file}:${i + 1}: ${line.trim()}`);
  }
  return bad;
}

describe('GitHub Actions are pinned by commit SHA', () => {
  it('the check refuses a tag, a branch, a short SHA and a SHA without its release comment', () => {
    const sha = '0123456789abcdef0123456789abcdef01234567';
    const text = [
      '      - uses: actions/checkout@v4',
      '      - uses: actions/setup-node@main',
      '        uses: actions/cache@0123456 # v4.3.0',
      `      - uses: pnpm/action-setup@${sha}`,
      `      - uses: actions/checkout@${sha} # v4.4.0`,
      '      - uses: ./.github/actions/local',
    ].join('\n');
    assert.deepEqual(
      unpinnedUses('x.yml', text).map((l) => l.split(':')[1]),
      ['1', '2', '3', '4'],
    );
  });

  it('every `uses:` of .github/workflows/*.yml is `owner/repo@<40 hex> # vX.Y.Z`', () => {
    assert.ok(workflows.length > 0, 'workflows found');
    const bad = workflows.flatMap((f) => unpinnedUses(f, readFileSync(path.join(workflowsDir, f), 'utf8')));
    assert.deepEqual(bad, []);
  });

  it('Renovate updates the pinned SHAs with their release comments (helpers:pinGitHubActionDigests)', () => {
    const renovate = JSON.parse(readFileSync(path.join(root, 'renovate.json'), 'utf8'));
    assert.ok(renovate.extends.includes('helpers:pinGitHubActionDigests'));
  });
});
