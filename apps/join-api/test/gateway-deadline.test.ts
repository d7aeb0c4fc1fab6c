import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, GatewayUnavailableError } from '../src/gateway/index.js';
import { loadEnv } from '../src/env.js';
import { braintreeDevEnv } from './helpers.js';

/*
 * The real npm `braintree` SDK bounds a request with an idle-socket timer (lib/braintree/http.js `setTimeout`): it
 * restarts on every byte and starts only once connected. A gateway that answers one byte at a time keeps such a call
 * open for ever — and a sale sent meanwhile could land after the order's lease. join-api's driver gives each call one
 * deadline instead, and cuts the call's socket when it passes (docs/PAYMENTS.md "one deadline per call, connect included").
 */
describe('braintree driver: one deadline per gateway call (real SDK, a gateway that trickles its answer)', () => {
  let server!: http.Server;
  let port = 0;
  const closed: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      // a byte every 50 ms, for ever: the SDK's idle timer (GATEWAY_TIMEOUT_MS) never fires
      const drip = setInterval(() => res.write(' '), 50);
      req.socket.on('close', () => {
        clearInterval(drip);
        closed.push(req.url ?? '');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('a search ends at GATEWAY_TIMEOUT_MS as in doubt, and its socket is closed (nothing more can be sent on it)', async () => {
    const env = loadEnv({
      ...braintreeDevEnv(port),
      BRAINTREE_PUBLIC_KEY: 'k',
      BRAINTREE_PRIVATE_KEY: 'p',
      GATEWAY_TIMEOUT_MS: '300',
    });
    const gateway = await createGateway(env);
    const e = await gateway.findByOrderId('ord_trickle').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GatewayUnavailableError);
    expect((e as GatewayUnavailableError).maybeInFlight).toBe(true);
    await expect.poll(() => closed.some((url) => url.includes('/transactions/advanced_search_ids'))).toBe(true);
    // the trickle never ends: without the deadline the SDK would still be waiting when this test's time is up
  }, 10_000);
});
