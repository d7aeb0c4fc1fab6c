// The dependency audit's decision (scripts/audit.mjs, CONTRIBUTING.md "Dependency audit") on a report in the shape
// `pnpm audit --json` prints, with no network: high and critical advisories fail unless audit-allowlist.json allows
// them until its review date; an answer that is no report is told apart from a clean one. Run by `pnpm test`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { root } from '../lib/processes.mjs';
import { allowlistErrors, evaluateAudit, parseAuditOutput } from '../lib/audit-filter.mjs';

const REPORT_TEXT = readFileSync(path.join(root, 'scripts/test/fixtures/pnpm-audit-report.json'), 'utf8');
const { report } = parseAuditOutput(REPORT_TEXT);
const TODAY = '2026-11-29';
const entry = (id, pkg, reviewBy) => ({ id, package: pkg, reason: 'dev-only tool, input never untrusted', reviewBy });
const ids = (advisories) => advisories.map((a) => a.github_advisory_id).sort();

describe('the dependency audit (scripts/audit.mjs)', () => {
  it('fails on every high and critical advisory when nothing is allowed; moderate ones never fail', () => {
    const r = evaluateAudit(report, [], TODAY);
    assert.deepEqual(ids(r.failing), ['GHSA-3xgq-45jj-v275', 'GHSA-9wv6-86v2-598j', 'GHSA-xvch-5gv4-984h']);
    assert.deepEqual(r.allowed, []);
  });

  it('an allow-list entry (GHSA or numeric id, and the package) allows its advisory through its review day', () => {
    const list = [entry('GHSA-3xgq-45jj-v275', 'cross-spawn', TODAY), entry('1101088', 'path-to-regexp', '2027-01-31')];
    const r = evaluateAudit(report, list, TODAY);
    assert.deepEqual(ids(r.allowed), ['GHSA-3xgq-45jj-v275', 'GHSA-9wv6-86v2-598j']);
    assert.deepEqual(ids(r.failing), ['GHSA-xvch-5gv4-984h']);
  });

  it('an entry past its review date allows nothing and is named; one for another package matches nothing', () => {
    const list = [
      entry('GHSA-xvch-5gv4-984h', 'minimist', '2026-11-28'),
      entry('GHSA-3xgq-45jj-v275', 'semver', TODAY),
    ];
    const r = evaluateAudit(report, list, TODAY);
    assert.ok(ids(r.failing).includes('GHSA-xvch-5gv4-984h'));
    assert.deepEqual(
      r.expired.map((e) => e.id),
      ['GHSA-xvch-5gv4-984h'],
    );
    assert.deepEqual(
      r.unused.map((e) => e.package),
      ['semver'],
    );
    assert.ok(ids(r.failing).includes('GHSA-3xgq-45jj-v275'), 'the wrong package does not allow it');
  });

  it('an answer without a report (the endpoint retired or unreachable) is "unavailable", never a clean audit', () => {
    const retired = JSON.stringify({
      error: { code: 'ERR_PNPM_AUDIT_BAD_RESPONSE', message: 'The audit endpoint … responded with 410' },
    });
    assert.match(parseAuditOutput(retired).unavailable, /ERR_PNPM_AUDIT_BAD_RESPONSE/);
    assert.ok('unavailable' in parseAuditOutput(''));
    assert.ok('unavailable' in parseAuditOutput('{"actions":[]}'));
    assert.ok('report' in parseAuditOutput(REPORT_TEXT));
  });

  it('each allow-list entry names the advisory, the package, a reason and a YYYY-MM-DD review date; the file is valid', () => {
    assert.deepEqual(allowlistErrors([entry('GHSA-1', 'x', TODAY)]), []);
    assert.equal(allowlistErrors([{ id: 'GHSA-1', package: 'x', reviewBy: '31/01/2027' }]).length, 2);
    assert.deepEqual(allowlistErrors({}), ['the allow-list is not a JSON array']);
    assert.deepEqual(allowlistErrors(JSON.parse(readFileSync(path.join(root, 'audit-allowlist.json'), 'utf8'))), []);
  });

  it('the script prints each failing advisory and exits 1 on that report; 0 with a note when there is no report', () => {
    // a stand-in `pnpm` first on PATH, printing what `pnpm audit --json` would: the report, then the retired endpoint
    const bin = mkdtempSync(path.join(os.tmpdir(), 'audit-pnpm-'));
    const run = (stdout, env = {}) => {
      writeFileSync(path.join(bin, 'out.json'), stdout);
      writeFileSync(path.join(bin, 'pnpm'), `#!/bin/sh\ncat '${path.join(bin, 'out.json')}'\nexit 1\n`);
      chmodSync(path.join(bin, 'pnpm'), 0o755);
      return spawnSync(process.execPath, [path.join(root, 'scripts/audit.mjs')], {
        encoding: 'utf8',
        env: { ...process.env, OFW_AUDIT_REQUIRED: '', ...env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
      });
    };
    try {
      const found = run(REPORT_TEXT);
      assert.equal(found.status, 1);
      assert.match(found.stderr, /critical GHSA-xvch-5gv4-984h minimist@1\.2\.5/);
      assert.match(found.stdout, /3 failing, 0 allowed/);
      const retired = JSON.stringify({ error: { code: 'ERR_PNPM_AUDIT_BAD_RESPONSE', message: 'responded with 410' } });
      const none = run(retired);
      assert.equal(none.status, 0);
      assert.match(none.stderr, /audit NOT run .* no advisory was checked: ERR_PNPM_AUDIT_BAD_RESPONSE/);
      assert.equal(run(retired, { OFW_AUDIT_REQUIRED: '1' }).status, 1);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
