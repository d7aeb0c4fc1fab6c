import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';

/*
 * One deadline per gateway call, connect included. The npm `braintree` SDK (3.40, lib/braintree/http.js) bounds a
 * request with `request.setTimeout(config.timeout)`: an idle-socket timer that starts only once the socket is
 * connected and restarts on every byte, so a slow connect or a trickling answer can outlive any lease, and a sale
 * could still reach Braintree after join-api gave up on it. The SDK takes no AbortSignal, but it takes a
 * `customHttpAgent`: the agent below records every socket it opens in the calling deadline's scope
 * (AsyncLocalStorage), and {@link withDeadline} destroys those sockets when the deadline passes — nothing more is
 * sent for that call after it, whatever state the connection was in.
 */

/**
 * The least a sale gets before join-api takes it for in doubt (ms): the npm `braintree` SDK's own default `timeout`
 * (braintree_node lib/braintree/config.js, 60000), the time Braintree allows a transaction call to answer. A sale
 * given up on sooner may still be carried out by the provider after the caller stopped waiting. `GATEWAY_TIMEOUT_MS`
 * defaults to it, and `NODE_ENV=production` refuses less (env.ts); the charge lease is derived from the driver's
 * deadline, so it covers the whole sale (services/orders/charge-lease.ts `chargeLeaseMs`).
 */
export const MIN_SALE_TIMEOUT_MS = 60_000;

interface Scope {
  sockets: Set<Socket>;
  expired: boolean;
}

const scope = new AsyncLocalStorage<Scope>();

function track<A extends http.Agent>(agent: A): A {
  const create = agent.createConnection.bind(agent) as (...args: unknown[]) => Socket;
  (agent as unknown as { createConnection: (...args: unknown[]) => Socket }).createConnection = (...args) => {
    const socket = create(...args);
    const current = scope.getStore();
    if (current) {
      if (current.expired) socket.destroy(new Error('gateway call deadline passed'));
      else current.sockets.add(socket);
    }
    return socket;
  };
  return agent;
}

/**
 * An HTTP(S) agent for the SDK's `customHttpAgent` whose sockets obey {@link withDeadline}. No keep-alive: a socket
 * belongs to one call, so destroying it at that call's deadline touches no other call.
 * @param ssl whether the gateway is reached over TLS (`Environment.ssl`).
 */
export function deadlineAgent(ssl: boolean): http.Agent {
  return track(ssl ? new https.Agent({ keepAlive: false }) : new http.Agent({ keepAlive: false }));
}

/** A gateway call that did not finish within its deadline (its sockets were destroyed). */
export class DeadlineExceededError extends Error {
  override readonly name = 'DeadlineExceededError';
  constructor(readonly ms: number) {
    super(`gateway call exceeded its ${ms} ms deadline`);
  }
}

/**
 * Runs `call` with a deadline of `ms` milliseconds from now, connect time included: when it passes, every socket the
 * call opened through a {@link deadlineAgent} is destroyed and the returned promise rejects with
 * {@link DeadlineExceededError} (the call's own later settlement is ignored).
 * @throws DeadlineExceededError, or whatever `call` throws first.
 */
export function withDeadline<T>(ms: number, call: () => Promise<T>): Promise<T> {
  const current: Scope = { sockets: new Set(), expired: false };
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      current.expired = true;
      for (const socket of current.sockets) socket.destroy(new DeadlineExceededError(ms));
      reject(new DeadlineExceededError(ms));
    }, ms);
    scope
      .run(current, call)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}
