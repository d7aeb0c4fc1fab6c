import { createAcsApp } from '../src/acs.js';
import { createSandboxApp } from '../src/app.js';
import { SandboxStore } from '../src/store.js';

export const KEY = 'sandbox_0123456789abcdef_ofw_sandbox';
export const PARENT = 'http://localhost:3000';
/** The bank's (ACS) origin the test apps are told; the bank's own app is `acsApp`, on the same store. */
export const ACS_ORIGIN = 'http://127.0.0.1:3011';

export function makeApp(now: () => number = Date.now) {
  const store = new SandboxStore(now);
  const app = createSandboxApp({ allowedOrigins: [PARENT], store, frameScript: '/* frame */', acsOrigin: ACS_ORIGIN });
  const acsApp = createAcsApp({ store });
  const post = (path: string, body: unknown) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const tokenize = async (number: string, extra: Record<string, string> = {}) => {
    const response = await post('/v1/tokenize', {
      authorization: KEY,
      creditCard: { number, expirationDate: '12/30', cvv: '123', ...extra },
    });
    return { status: response.status, body: await response.json() };
  };
  const charge = async (body: Record<string, unknown>) => {
    const response = await post('/v1/transactions', {
      amount: '216.00',
      currencyCode: 'USD',
      orderId: `order-${Math.random()}`,
      ...body,
    });
    return { status: response.status, body: await response.json() };
  };
  /** A client token from the server API (`POST /v1/client_token`), as join-api's sandbox gateway gets one. */
  const clientToken = async (body: unknown = {}) => {
    const response = await post('/v1/client_token', body);
    return ((await response.json()) as { clientToken: string }).clientToken;
  };
  return { app, acsApp, store, post, tokenize, charge, clientToken };
}
