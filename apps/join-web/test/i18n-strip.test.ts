import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { paymentMessages } from '@ofw/payments';
import { describe, expect, it } from 'vitest';
import { stripDefaultMessages } from '../scripts/strip-default-messages.js';

/**
 * The translator descriptions every message now carries are for tools (formatjs extract) only — the
 * production build strips them, as it strips join-web's English defaults (the compiled catalogues hold the texts).
 */
type Transform = (code: string, id: string) => { code: string } | null;
const transform = stripDefaultMessages().transform as Transform;
const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** Whether built `code` holds the string `s` (esbuild writes non-ASCII characters as \\uXXXX escapes). */
const holds = (code: string, s: string) =>
  code.includes(s) ||
  code.includes(s.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`));

describe('the build strips translator descriptions', () => {
  it("join-web's descriptors lose their description and defaultMessage, keep their id", () => {
    const code =
      "export const m = defineMessages({ a: { id: 'x.a', description: 'Only for translators', defaultMessage: 'Hello {name}' } });\n";
    const out = transform(code, path.join(repoRoot, 'apps/join-web/src/join/messages.ts'))!.code;
    expect(out).toContain("id: 'x.a'");
    expect(out).not.toContain('Only for translators');
    expect(out).not.toContain('Hello');
    expect(out).toHaveLength(code.length);
  });

  it("@ofw/payments' built messages lose their descriptions and keep the defaults its 3-D Secure frame shows", () => {
    const dist = path.join(repoRoot, 'packages/payments/dist');
    const file = readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.js$/.test(f))
      .map((f) => path.join(dist, f))
      .find(
        (f) =>
          readFileSync(f, 'utf8').includes("'payments.wallet.canceled'") ||
          readFileSync(f, 'utf8').includes('"payments.wallet.canceled"'),
      );
    expect(file, 'a built @ofw/payments file defines paymentMessages').toBeDefined();
    const code = readFileSync(file!, 'utf8');
    const out = transform(code, file!)!.code;
    for (const { id, description, defaultMessage } of Object.values(paymentMessages)) {
      expect(holds(code, description), id).toBe(true);
      expect(holds(out, description), id).toBe(false);
      expect(holds(out, defaultMessage), id).toBe(true);
    }
  });

  it('other modules are left alone', () => {
    const code = "export const m = { id: 'x.a', description: 'd', defaultMessage: 'Hello' };\n";
    expect(transform(code, path.join(repoRoot, 'packages/ui/dist/index.js'))).toBeNull();
  });
});
