// The release workflow's first job (.github/workflows/release.yml, docs/RELEASING.md "Registry settings"): checks the
// settings a publish depends on BEFORE anything is installed, built or checked, so a missing or wrong setting fails in
// seconds rather than after the release check, or halfway through `changeset publish`:
// - OFW_REGISTRY_URL (repository variable; setup-node's `registry-url` in the publish job): set, an https URL (http
//   only on a loopback address, for the tests), and not the public registry — the packages are OFW-internal;
// - OFW_REGISTRY_TOKEN (repository secret; the publish step's NODE_AUTH_TOKEN): set, and accepted by that registry —
//   `GET <registry>/-/whoami` with it as the bearer token (what `npm whoami` asks) names a user;
// - provenance: the packages are `access: restricted` (.changeset/config.json and every publishConfig), and npm
//   attests public packages only, so every publishConfig says `provenance: false` and the publish step's
//   NPM_CONFIG_PROVENANCE is not "true" (https://docs.npmjs.com/generating-provenance-statements).
// Runs on the job's bootstrap Node (20, no `pnpm install`): Node's own modules only. Prints every problem as a GitHub
// error annotation and exits 1 when there is one. Tested by scripts/test/release-registry.test.mjs against a local
// Verdaccio.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const defaultRoot = path.resolve(path.dirname(here), '..');
const PUBLIC_REGISTRIES = ['registry.npmjs.org', 'registry.yarnpkg.com', 'registry.npmjs.com'];
export const PUBLISHED = ['domain', 'api-client', 'payments', 'ui'];

/**
 * The problems of the release settings, in words (none: the settings are good).
 *
 * @param {{ env?: NodeJS.ProcessEnv, root?: string, timeoutMs?: number }} options - `env` holds OFW_REGISTRY_URL,
 *   OFW_REGISTRY_TOKEN and NPM_CONFIG_PROVENANCE (default `process.env`); `root` the repository (default this
 *   script's); `timeoutMs` for the registry's answer (default 15 s)
 * @returns {Promise<string[]>}
 */
export async function releaseSettingsProblems({ env = process.env, root = defaultRoot, timeoutMs = 15_000 } = {}) {
  const problems = [];
  const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

  // provenance and access: what the repository says, and the value the publish step gives npm
  const access = read('.changeset/config.json').access;
  const packages = PUBLISHED.map((dir) => read(`packages/${dir}/package.json`));
  for (const pkg of packages) {
    if (pkg.publishConfig?.access !== access)
      problems.push(
        `${pkg.name}: publishConfig.access is ${pkg.publishConfig?.access}, .changeset/config.json says ${access}`,
      );
    if (access === 'restricted' && pkg.publishConfig?.provenance !== false)
      problems.push(`${pkg.name}: publishConfig.provenance must be false (npm attests public packages only)`);
  }
  if (access === 'restricted' && String(env.NPM_CONFIG_PROVENANCE).toLowerCase() === 'true')
    problems.push('NPM_CONFIG_PROVENANCE is "true", but the packages are restricted: npm refuses to attest them');

  // the registry
  const raw = (env.OFW_REGISTRY_URL ?? '').trim();
  let url;
  if (!raw) problems.push("the repository variable OFW_REGISTRY_URL is not set: set it to OFW's registry");
  else {
    try {
      url = new URL(raw.endsWith('/') ? raw : `${raw}/`);
    } catch {
      problems.push(`OFW_REGISTRY_URL is not a URL: ${JSON.stringify(raw)}`);
    }
  }
  if (url) {
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    if (PUBLIC_REGISTRIES.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`))) {
      problems.push(`OFW_REGISTRY_URL names the public registry (${url.hostname}): the @ofw packages are OFW-internal`);
      url = undefined;
    } else if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
      problems.push(`OFW_REGISTRY_URL must be https (the token travels with every request): ${raw}`);
      url = undefined;
    }
  }

  // the token, asked of that registry
  const token = env.OFW_REGISTRY_TOKEN ?? '';
  if (!token)
    problems.push("the repository secret OFW_REGISTRY_TOKEN is not set: set it to a publish token of OFW's registry");
  else if (url) {
    try {
      const res = await fetch(new URL('-/whoami', url), {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = res.ok ? await res.json().catch(() => ({})) : {};
      if (!res.ok || !body.username)
        problems.push(`OFW_REGISTRY_TOKEN is not accepted by ${url.origin} (whoami answered ${res.status})`);
      else console.log(`  ${url.origin}: the token is the user ${body.username}`);
    } catch (err) {
      problems.push(`${url.origin} did not answer whoami: ${err.cause?.code ?? err.cause?.message ?? err.message}`);
    }
  }
  return problems;
}

if (process.argv[1] === here) {
  const problems = await releaseSettingsProblems();
  for (const p of problems) console.log(`::error::${p} (docs/RELEASING.md "Registry settings")`);
  if (problems.length) process.exit(1);
  console.log('✓ release settings: registry, token and provenance policy');
}
