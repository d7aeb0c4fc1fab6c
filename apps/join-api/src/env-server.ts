import { z } from 'zod';

/**
 * The HTTP server's timeouts and the shutdown's pacing, part of join-api's environment (env.ts; README "Timeouts and
 * shutdown"). Node's `http.Server` options (Node docs "http.createServer", "server.headersTimeout",
 * "server.requestTimeout", "server.keepAliveTimeout").
 */
export const SERVER_ENV = {
  /**
   * How long a client may take to send a request's headers (ms). Bounded at 30 s: a client trickling one byte every
   * 2 s is cut off (408, connection closed) within it, plus Node's 1 s check interval.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(20_000),
  /** How long a client may take to send a whole request, headers and body (ms; at least the headers' timeout). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(25_000),
  /**
   * How long an idle keep-alive connection is kept open (ms): LONGER than the load balancer's own idle timeout (60 s
   * on AWS ALB by default), so the balancer — never join-api — closes an idle connection, and never sends a request
   * down one join-api is closing (a 502). Raise it above a balancer's longer timeout (Google Cloud's is 600 s).
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(65_000),
  /**
   * After SIGTERM, how long new connections are still accepted while `/readyz` answers 503 (ms): the time the load
   * balancer's health checks take to stop sending traffic here.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /**
   * After the grace period, how long requests in flight may take to finish before their connections are cut (ms).
   * Longer than the charge lease (a paying parent's charge always finishes): unset, the lease plus 5 s; set, start-up
   * refuses a value within the lease (shutdown.ts `shutdownDeadlineMs`).
   */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(1).max(3_600_000).optional(),
};

/** Node's check of the header and request timeouts runs this often (ms; its default, 30 s, would double the bound). */
export const CONNECTIONS_CHECK_MS = 1_000;
