import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * `@ofw/api-client/errors` tells join-api's problems apart without loading zod, so a browser screen that
 * only needs `isApiError` keeps the schemas out of its first load. The built entries (ESM and CommonJS, one shared
 * ApiError class) are checked by scripts/release-check.mjs.
 */
describe('@ofw/api-client/errors', () => {
  afterEach(() => {
    vi.doUnmock('zod');
    vi.resetModules();
  });

  it('loads and answers with zod unavailable', async () => {
    vi.resetModules();
    vi.doMock('zod', () => {
      throw new Error('zod loaded');
    });
    const { ApiError, isApiError, problemType } = await import('../src/errors.js');
    const err = new ApiError({
      type: problemType('rate_limited'),
      title: 'Too many',
      status: 429,
      code: 'rate_limited',
    });
    expect(isApiError(err, 'rate_limited')).toBe(true);
    expect(isApiError(err, 'conflict')).toBe(false);
    expect(err.message).toBe('Too many');
  });

  it('the main entry re-exports the same ApiError class', async () => {
    const main = await import('../src/index.js');
    const errors = await import('../src/errors.js');
    expect(main.ApiError).toBe(errors.ApiError);
    expect(main.isApiError).toBe(errors.isApiError);
  });
});
