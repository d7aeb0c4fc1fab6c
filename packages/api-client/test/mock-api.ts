/**
 * The shared setup of the client tests (client-*.test.ts): join-api's HTTP API mocked with msw at `BASE`, an
 * unhandled request failing the test, and the requests a handler chose to record.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** The API's base URL the tests give `createApiClient`. */
export const BASE = 'http://api.test';

/**
 * Starts an msw server for the calling file's tests (handlers added per test with `server.use`); after each test the
 * handlers are reset and `seen` (requests a handler pushed, in order) emptied.
 */
export function useMockApi() {
  const seen: Request[] = [];
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());
  return { server, seen };
}
