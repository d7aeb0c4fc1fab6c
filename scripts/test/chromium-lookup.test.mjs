// e2e finds a browser in this order — CHROMIUM_PATH, Playwright's own installed browser, then Debian's
// chromium — both where the suite launches it (e2e/support/browser.ts, read by playwright.config.ts) and where the test
// command looks for one before installing Debian's (scripts/lib/ensure-chromium.sh). A CHROMIUM_PATH that does not
// exist is an error in both, never a silent fallback. Run by `pnpm test` (scripts/test.sh): `node --test scripts/test/`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { findChromium, DEBIAN_CHROMIUM } = await tsImport('../../e2e/support/browser.ts', import.meta.url);

describe('e2e/support/browser.ts findChromium', () => {
  const PW = '/home/dev/.cache/ms-playwright/chromium-1200/chrome-mac/Chromium';
  const choose = (env, present, playwrightPath = () => PW) =>
    findChromium(env, (p) => present.includes(p), playwrightPath);

  it('CHROMIUM_PATH comes first, even when Playwright and Debian have a browser', () => {
    assert.deepEqual(choose({ CHROMIUM_PATH: '/opt/chrome' }, ['/opt/chrome', PW, DEBIAN_CHROMIUM[0]]), {
      executablePath: '/opt/chrome',
      source: 'CHROMIUM_PATH',
    });
  });

  it('a CHROMIUM_PATH that does not exist is an error, not a fallback', () => {
    assert.throws(() => choose({ CHROMIUM_PATH: '/opt/nope' }, [PW, DEBIAN_CHROMIUM[0]]), /CHROMIUM_PATH=\/opt\/nope/);
  });

  it("without CHROMIUM_PATH, Playwright's own browser (macOS: `npx playwright install chromium`) before Debian's", () => {
    assert.deepEqual(choose({}, [PW, DEBIAN_CHROMIUM[0]]), { executablePath: PW, source: 'playwright' });
  });

  it("Debian's chromium when Playwright has none installed or none for this platform", () => {
    assert.deepEqual(choose({}, [DEBIAN_CHROMIUM[1]]), { executablePath: DEBIAN_CHROMIUM[1], source: 'debian' });
    const noRegistryEntry = () => {
      throw new Error('Unsupported platform');
    };
    assert.deepEqual(choose({}, [DEBIAN_CHROMIUM[0]], noRegistryEntry), {
      executablePath: DEBIAN_CHROMIUM[0],
      source: 'debian',
    });
    assert.deepEqual(choose({}, []), { executablePath: undefined, source: 'none' });
  });
});

describe('scripts/lib/ensure-chromium.sh ensure_chromium', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ofw-chromium-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));
  const executable = (name) => {
    const file = path.join(tmp, name);
    writeFileSync(file, '#!/bin/sh\nexit 0\n');
    chmodSync(file, 0o755);
    return file;
  };
  /**
   * A checkout whose e2e/ resolves `@playwright/test` to a stand-in naming `ownPath` as Playwright's browser, so the
   * script's lookup runs as in the repository without touching the real browsers.
   */
  const checkout = (ownPath) => {
    const dir = mkdtempSync(path.join(tmp, 'repo-'));
    const pkg = path.join(dir, 'e2e/node_modules/@playwright/test');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(path.join(pkg, 'package.json'), '{"name":"@playwright/test","main":"index.js"}');
    writeFileSync(
      path.join(pkg, 'index.js'),
      `exports.chromium = { executablePath: () => ${JSON.stringify(ownPath)} };`,
    );
    return dir;
  };
  /** Runs ensure_chromium in `cwd` with CHROMIUM_PATH set (or unset); its exit code, chosen path and stderr. */
  const ensure = (cwd, chromiumPath) => {
    const env = { ...process.env };
    delete env.CHROMIUM_PATH;
    if (chromiumPath !== undefined) env.CHROMIUM_PATH = chromiumPath;
    const script = path.join(root, 'scripts/lib/ensure-chromium.sh');
    const r = spawnSync('bash', ['-c', `source '${script}' && ensure_chromium && printf %s "$CHROMIUM_PATH"`], {
      cwd,
      env,
      encoding: 'utf8',
    });
    return { status: r.status, path: r.stdout, stderr: r.stderr };
  };

  it('CHROMIUM_PATH comes first, before Playwright’s own browser', () => {
    const mine = executable('my-chrome');
    const r = ensure(checkout(executable('playwright-chrome')), mine);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.path, mine);
  });

  it('a CHROMIUM_PATH that is not an executable file fails with its name (no fallback, no install)', () => {
    const r = ensure(checkout(executable('playwright-chrome-2')), path.join(tmp, 'missing-chrome'));
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /CHROMIUM_PATH=.*missing-chrome/);
    assert.equal(r.path, '');
  });

  it("without CHROMIUM_PATH, Playwright's own browser before Debian's", () => {
    const own = executable('playwright-chrome-3');
    const r = ensure(checkout(own));
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.path, own);
  });

  const debian = DEBIAN_CHROMIUM.find((p) => existsSync(p));
  it(
    "Debian's chromium when Playwright's browser is not installed",
    { skip: debian ? false : "Debian's chromium is not installed here (the test command installs it first)" },
    () => {
      const r = ensure(checkout(path.join(tmp, 'never-downloaded/chrome')));
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.path, debian);
    },
  );
});
