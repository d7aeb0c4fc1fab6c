// The dependency audit of the test command (scripts/test.sh; CONTRIBUTING.md "Dependency audit"): runs
// `pnpm audit --json` over the whole workspace (dev dependencies included: they run in CI beside its secrets) and
// fails on a high or critical advisory that audit-allowlist.json does not allow — or allows past its `reviewBy` date.
//
// When the registry's audit endpoint gives no report (no network, or an endpoint the registry retired — pnpm 10 asks
// `/-/npm/v1/security/audits/quick`, which npmjs.org has answered 410 since it moved to the bulk advisory endpoint;
// a mirror may answer 405), the script says so on one line starting "✗ audit NOT run" and exits 0: the run goes on
// without the audit, visibly, rather than every pull request failing on the registry. OFW_AUDIT_REQUIRED=1 makes it
// exit 1 instead (for a job whose registry is known to answer).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/processes.mjs';
import { allowlistErrors, describeAdvisory, evaluateAudit, parseAuditOutput } from './lib/audit-filter.mjs';

const ALLOWLIST = 'audit-allowlist.json';

function main() {
  const list = JSON.parse(readFileSync(path.join(root, ALLOWLIST), 'utf8'));
  const errors = allowlistErrors(list);
  if (errors.length) {
    console.error(`✗ ${ALLOWLIST}:\n  ${errors.join('\n  ')}`);
    return 1;
  }
  const run = spawnSync('pnpm', ['audit', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const parsed = parseAuditOutput(run.error ? '' : run.stdout);
  if ('unavailable' in parsed) {
    const required = process.env.OFW_AUDIT_REQUIRED === '1';
    console.error(
      `✗ audit NOT run — the registry's audit endpoint gave no report, so no advisory was checked: ${parsed.unavailable}` +
        (required ? '' : ' (not failing the run: OFW_AUDIT_REQUIRED is not 1)'),
    );
    return required ? 1 : 0;
  }
  const today = new Date().toISOString().slice(0, 10);
  const { failing, allowed, expired, unused } = evaluateAudit(parsed.report, list, today);
  for (const a of allowed) console.log(`  allowed (${ALLOWLIST}): ${describeAdvisory(a)}`);
  for (const e of unused) console.log(`  unused ${ALLOWLIST} entry (remove it): ${e.id} ${e.package}`);
  for (const e of expired) console.error(`✗ ${ALLOWLIST}: ${e.id} ${e.package} was to be reviewed by ${e.reviewBy}`);
  for (const a of failing) console.error(`✗ ${describeAdvisory(a)}`);
  const counts = parsed.report.metadata?.vulnerabilities ?? {};
  console.log(
    `› audit: ${failing.length} failing, ${allowed.length} allowed (high/critical); all: ${JSON.stringify(counts)}`,
  );
  return failing.length ? 1 : 0;
}

process.exitCode = main();
