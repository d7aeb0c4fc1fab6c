import type { ApiClient } from '@ofw/api-client';
import { describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../src/env-schema.js';
import { lazyApiClient } from '../src/lazy-api-client.js';

/** A stand-in for the real client: only the methods a test calls. */
const fakeClient = (methods: Record<string, (...args: unknown[]) => Promise<unknown>>) =>
  methods as unknown as ApiClient;

describe('the API client is loaded on its first call', () => {
  it('nothing is loaded until a method is called; then once, whatever the number of calls', async () => {
    const getPackages = vi.fn((q: unknown) => Promise.resolve({ packages: [], q }));
    const load = vi.fn(() => Promise.resolve(fakeClient({ getPackages })));
    const client = lazyApiClient(load);
    expect(load).not.toHaveBeenCalled();
    const method = client.getPackages;
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([method({ currency: 'USD' } as never), client.getPackages({})]);
    expect(a).toEqual({ packages: [], q: { currency: 'USD' } });
    expect(b).toEqual({ packages: [], q: {} });
    expect(load).toHaveBeenCalledTimes(1);
    expect(getPackages).toHaveBeenCalledTimes(2);
  });

  it("a failed load rejects that call and is tried again on the next (a chunk that did not arrive isn't cached)", async () => {
    const getCountries = vi.fn(() => Promise.resolve(['US']));
    const load = vi
      .fn<() => Promise<ApiClient>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(fakeClient({ getCountries }));
    const client = lazyApiClient(load);
    await expect((client as unknown as { getCountries(): Promise<unknown> }).getCountries()).rejects.toThrow(
      /dynamically imported/,
    );
    await expect((client as unknown as { getCountries(): Promise<unknown> }).getCountries()).resolves.toEqual(['US']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('an error of the real method reaches the caller unchanged; an unknown method rejects with a TypeError', async () => {
    const problem = Object.assign(new Error('rate limited'), { status: 429 });
    const client = lazyApiClient(() => Promise.resolve(fakeClient({ createOrder: () => Promise.reject(problem) })));
    await expect((client as unknown as { createOrder(): Promise<unknown> }).createOrder()).rejects.toBe(problem);
    await expect((client as unknown as { nope(): Promise<unknown> }).nope()).rejects.toThrow(TypeError);
  });

  it('the lazy client is not a thenable (awaiting it gives the client, and loads nothing)', async () => {
    const load = vi.fn(() => Promise.resolve(fakeClient({})));
    const client = lazyApiClient(load);
    expect(await Promise.resolve(client)).toBe(client);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('the app configuration (validated at build, compiled in as __OFW_ENV__)', () => {
  it('§2 defaults: same-origin API and the main app at /ofw/home.form', () => {
    expect(parseEnv({})).toEqual({ VITE_API_BASE_URL: '', VITE_HOME_PATH: '/ofw/home.form', DEV: false });
  });

  it('§2 a home path that does not end in /ofw/home.form stops the build with the variable named', () => {
    expect(() => parseEnv({ VITE_HOME_PATH: '/home' })).toThrow(/VITE_HOME_PATH/);
    expect(parseEnv({ VITE_HOME_PATH: '/app/ofw/home.form' }).VITE_HOME_PATH).toBe('/app/ofw/home.form');
  });
});
