// The decision of scripts/audit.mjs, apart from the network so scripts/test/audit.test.mjs can prove it on a recorded
// report: which high and critical advisories of `pnpm audit --json` fail the run, given the allow-list
// (audit-allowlist.json, CONTRIBUTING.md "Dependency audit").

/** The severities that fail the run; `moderate`, `low` and `info` are reported by Renovate's updates instead. */
export const FAILING_SEVERITIES = ['high', 'critical'];

/**
 * Reads what `pnpm audit --json` printed.
 * @param {string} stdout its standard output: the npm audit report (`{ advisories, metadata, … }`), or pnpm's
 *   `{ error: { code, message } }` when the registry's audit endpoint did not answer (pnpm's `ERR_PNPM_AUDIT_*`, a
 *   network error), or nothing usable at all.
 * @returns {{ report: { advisories: Record<string, object> } } | { unavailable: string }} the report, or why there
 *   is none (the endpoint's answer, for the log).
 */
export function parseAuditOutput(stdout) {
  let json;
  try {
    json = JSON.parse(stdout);
  } catch {
    return { unavailable: `pnpm audit printed no JSON report: ${stdout.trim().slice(0, 300) || '(nothing)'}` };
  }
  if (json?.error) return { unavailable: `${json.error.code ?? 'error'}: ${json.error.message ?? ''}`.trim() };
  if (!json || typeof json.advisories !== 'object') return { unavailable: 'pnpm audit printed no `advisories`' };
  return { report: json };
}

/**
 * Checks the allow-list's shape: an array of `{ id, package, reason, reviewBy }` — `id` the advisory's GHSA id (or the
 * registry's numeric id), `package` the package it is about, `reason` why it cannot reach OFW Join (or why it waits),
 * `reviewBy` the ISO date (YYYY-MM-DD) it is looked at again, after which it no longer allows anything.
 * @param {unknown} list the parsed audit-allowlist.json
 * @returns {string[]} what is wrong with it (empty: valid)
 */
export function allowlistErrors(list) {
  if (!Array.isArray(list)) return ['the allow-list is not a JSON array'];
  const errors = [];
  for (const [i, e] of list.entries()) {
    const at = `entry ${i}${e?.id ? ` (${e.id})` : ''}`;
    for (const field of ['id', 'package', 'reason', 'reviewBy'])
      if (typeof e?.[field] !== 'string' || !e[field].trim()) errors.push(`${at}: \`${field}\` missing`);
    if (typeof e?.reviewBy === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(e.reviewBy))
      errors.push(`${at}: \`reviewBy\` is not a YYYY-MM-DD date`);
  }
  return errors;
}

/** The ids an advisory is known by: its GHSA id and the registry's numeric one. */
const idsOf = (a) => [a.github_advisory_id, a.id].filter((x) => x !== undefined && x !== null).map(String);

/**
 * Sorts the report's high and critical advisories by the allow-list.
 * @param {{ advisories: Record<string, object> }} report pnpm's audit report
 * @param {{ id: string, package: string, reason: string, reviewBy: string }[]} allowlist a valid allow-list
 * @param {string} today the date the run is on (YYYY-MM-DD, UTC); an entry is live through its `reviewBy` day
 * @returns {{ failing: object[], allowed: object[], expired: object[], unused: object[] }} `failing`: advisories no
 *   entry allows; `allowed`: advisories a live entry allows; `expired`: entries past `reviewBy` that matched an
 *   advisory (they fail the run too: the advisory is in `failing`); `unused`: entries that match nothing (stale).
 */
export function evaluateAudit(report, allowlist, today) {
  const severe = Object.values(report.advisories ?? {}).filter((a) => FAILING_SEVERITIES.includes(a.severity));
  const out = { failing: [], allowed: [], expired: [], unused: [] };
  const used = new Set();
  for (const advisory of severe) {
    const entry = allowlist.find((e) => idsOf(advisory).includes(e.id) && e.package === advisory.module_name);
    if (entry) used.add(entry);
    if (entry && entry.reviewBy >= today) out.allowed.push(advisory);
    else {
      out.failing.push(advisory);
      if (entry) out.expired.push(entry);
    }
  }
  out.unused = allowlist.filter((e) => !used.has(e));
  return out;
}

/** One line per advisory: `critical GHSA-… minimist@1.2.5 "Prototype Pollution" https://…`. */
export function describeAdvisory(a) {
  const versions = [...new Set((a.findings ?? []).map((f) => f.version))].join(', ');
  const id = a.github_advisory_id ?? a.id;
  return `${a.severity} ${id} ${a.module_name}${versions ? `@${versions}` : ''} "${a.title}" ${a.url ?? ''}`.trim();
}
