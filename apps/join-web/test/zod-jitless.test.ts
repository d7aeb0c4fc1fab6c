import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

/**
 * join-api's page CSP has no `'unsafe-eval'` (docs/QUALITY.md): zod 4's eval probe (`new Function('')`, v4/core/util.js
 * `allowsEval`, skipped when `jitless`) would be refused and fire a `securitypolicyviolation` on every visit that
 * loads a schema (e2e/tests/once/three-d-secure.spec.ts counts them). main.tsx imports zod-jitless.ts first.
 */
describe('zod runs without eval under the page CSP', () => {
  it('zod-jitless turns zod’s own config jitless, the setting under which it never probes eval', async () => {
    expect(z.config().jitless).toBeUndefined();
    await import('../src/zod-jitless.js');
    expect(z.config().jitless).toBe(true);
  });
});
