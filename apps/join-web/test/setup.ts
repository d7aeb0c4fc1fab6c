import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// The build checks (`@vitest-environment node`, e.g. first-load.test.ts) have no DOM and need none of this.
const dom = typeof window !== 'undefined';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine the lazy routes of a whole-app render
// can take longer, and a test must fail for behaviour, not for load.
configure({ asyncUtilTimeout: 5_000 });

// main.tsx loads the stored join's schemas before the app reads a stored join; the tests' apps read one at any time.
beforeAll(async () => {
  if (dom) await (await import('../src/state/join-state.js')).loadStoredJoinValidation();
});

afterEach(() => {
  if (!dom) return;
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
