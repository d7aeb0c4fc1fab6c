import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Debian's chromium package (`apt-get install chromium`): the binary, then the wrapper script. */
export const DEBIAN_CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'] as const;

export interface ChromiumChoice {
  /** The executable to launch; undefined when none was found (Playwright then reports its own missing-browser error). */
  executablePath: string | undefined;
  source: 'CHROMIUM_PATH' | 'playwright' | 'debian' | 'none';
}

/**
 * Which Chromium the e2e suite launches, in this order:
 * 1. `CHROMIUM_PATH`, when set (it must exist: a wrong path is an error, not a silent fallback);
 * 2. Playwright's own browser, when one was installed with `npx playwright install chromium` (e.g. on macOS);
 * 3. Debian's chromium (what scripts/test.sh installs on the project's Linux machines).
 */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
  playwrightPath: () => string = () => chromium.executablePath(),
): ChromiumChoice {
  const fromEnv = env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (!exists(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return { executablePath: fromEnv, source: 'CHROMIUM_PATH' };
  }
  let own: string | undefined;
  try {
    own = playwrightPath();
  } catch {
    own = undefined; // no browser registry entry for this platform
  }
  if (own && exists(own)) return { executablePath: own, source: 'playwright' };
  const debian = DEBIAN_CHROMIUM.find((path) => exists(path));
  if (debian) return { executablePath: debian, source: 'debian' };
  return { executablePath: undefined, source: 'none' };
}
