import type { PaymentsConfig } from '@ofw/payments';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { warmPaymentsDriver } from '../src/join/payment-prefetch.js';

const created = vi.hoisted(() => ({ configs: [] as unknown[], teardowns: 0 }));
vi.mock('@ofw/payments', () => ({
  createPaymentsClient: (config: unknown) => {
    created.configs.push(config);
    return Promise.resolve({ teardown: () => Promise.resolve(void created.teardowns++) });
  },
}));

describe('the terms step warms the payments driver', () => {
  beforeEach(() => {
    created.configs = [];
    created.teardowns = 0;
  });

  it('the sandbox driver is loaded by a client made and torn down at once', async () => {
    const config = { driver: 'sandbox', authorization: 'sandbox_x', sandboxUrl: 'http://127.0.0.1:3110' };
    await warmPaymentsDriver(config as PaymentsConfig);
    expect(created.configs).toEqual([config]);
    expect(created.teardowns).toBe(1);
  });

  it('no warm-up client with braintree (braintree-web shares one client per authorization)', async () => {
    await warmPaymentsDriver({ driver: 'braintree', authorization: 'sandbox_y' } as PaymentsConfig);
    expect(created.configs).toEqual([]);
    expect(created.teardowns).toBe(0);
  });
});
