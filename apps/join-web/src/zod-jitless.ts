/**
 * zod 4 without its JIT: before any schema is built, zod probes `new Function('')` once to see whether it may compile
 * fast parsers — under this page's CSP (`script-src` without `'unsafe-eval'`, join-api's `contentSecurityPolicy`) the
 * browser refuses it and fires a `securitypolicyviolation` (a report to any `report-to` endpoint) on every visit that
 * loads a schema. zod reads `globalThis.__zod_globalConfig` when it loads (v4/core/core.js: shared by every copy of
 * zod) and skips the probe with `jitless: true`, its documented setting for CSP environments. Imported first by
 * main.tsx, so it runs before any chunk with zod does; costs no zod import.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// the same object zod keeps (or will keep) as its config, whichever of the two loads first
(shared.__zod_globalConfig ??= {}).jitless = true;
