import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxApp } from '../src/app.js';
import { readEnv } from '../src/env.js';
import { PARENT } from './helpers.js';

/**
 * `pnpm dev` picks up an edit of the sandbox's frame script (src/frame/) without a manual step — it rebuilds
 * the script on every edit (`tsup --watch`) and runs the sandbox with SANDBOX_LIVE_FRAME_SCRIPT=1, which serves the
 * script as last built. Without it the script is read once and cached by browsers for 5 minutes, as before.
 */
describe('the frame script as last built (pnpm dev)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A built frame script in a temp folder; `rebuild` writes new text with a later modification time. */
  function builtScript(text: string) {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-frame-'));
    dirs.push(dir);
    const file = path.join(dir, 'hosted-field.js');
    writeFileSync(file, text);
    let at = Date.now() / 1000;
    return {
      file,
      rebuild: (next: string) => {
        writeFileSync(file, next);
        at += 2;
        utimesSync(file, at, at);
      },
    };
  }
  const frameJs = async (app: ReturnType<typeof createSandboxApp>) => {
    const res = await app.request('/hosted-fields/frame.js');
    return { text: await res.text(), cache: res.headers.get('cache-control') };
  };

  it('live, a rebuilt script is served at once and never cached', async () => {
    const built = builtScript('/* v1 */');
    const app = createSandboxApp({ allowedOrigins: [PARENT], frameScriptFile: built.file, liveFrameScript: true });
    expect(await frameJs(app)).toEqual({ text: '/* v1 */', cache: 'no-cache' });
    built.rebuild('/* v2, after an edit */');
    expect((await frameJs(app)).text).toBe('/* v2, after an edit */');
  });

  it('by default the script is read once and cached by browsers (production, e2e)', async () => {
    const built = builtScript('/* v1 */');
    const app = createSandboxApp({ allowedOrigins: [PARENT], frameScriptFile: built.file });
    expect(await frameJs(app)).toEqual({ text: '/* v1 */', cache: 'public, max-age=300' });
    built.rebuild('/* v2 */');
    expect((await frameJs(app)).text).toBe('/* v1 */');
  });

  it('SANDBOX_LIVE_FRAME_SCRIPT turns it on (1/true), off by default, and refuses other values', () => {
    expect(readEnv({}).SANDBOX_LIVE_FRAME_SCRIPT).toBe(false);
    expect(readEnv({ SANDBOX_LIVE_FRAME_SCRIPT: '1' }).SANDBOX_LIVE_FRAME_SCRIPT).toBe(true);
    expect(readEnv({ SANDBOX_LIVE_FRAME_SCRIPT: 'true' }).SANDBOX_LIVE_FRAME_SCRIPT).toBe(true);
    expect(() => readEnv({ SANDBOX_LIVE_FRAME_SCRIPT: 'yes' })).toThrow(/SANDBOX_LIVE_FRAME_SCRIPT/);
  });
});
