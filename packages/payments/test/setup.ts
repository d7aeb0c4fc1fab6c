import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest globals, @testing-library/react does not unmount after each test by itself: an earlier test's
// provider and hooks would stay mounted, re-render later and tear down what the next test uses.
afterEach(() => {
  cleanup();
});
