import { randomUUID } from 'node:crypto';
import { Hono, type Handler, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { sql } from 'drizzle-orm';
import { API_PREFIX, problemType } from '@ofw/api-client';
import { authTokenOf, sameOriginWrites, type AppDeps, type AppEnv, type Ctx, type Services } from './context.js';
import { HttpProblem, problemOf, problemResponse } from './lib/problem.js';
import { ServiceError } from './services/errors.js';
import { redactUrl } from './lib/logger.js';
import { createMetrics } from './lib/metrics.js';
import { rejectMalformedPath } from './lib/path.js';
import { LoadShedder, loadShedding } from './lib/load-shedding.js';
import { readBodyFirst } from './lib/read-body.js';
import { findSessionUser } from './accounts.js';
import { referenceRoutes } from './routes/reference.js';
import { parentRoutes } from './routes/parents.js';
import { orderRoutes } from './routes/orders.js';
import { inviteRoutes } from './routes/invites.js';
import { webhookRoutes } from './routes/webhooks.js';
import { cspReportRoutes } from './routes/csp-reports.js';
import { renewalLinkRoutes } from './routes/renewal-links.js';
import { receiptPageRoutes } from './routes/receipt-page.js';
import { openApiDocument } from './openapi.js';
import { applePayDomainAssociation, contentSecurityPolicy, securityHeaders, webRoutes } from './web.js';

/**
 * join-api as a Hono app: `/api/v1` (docs/CONTRACTS.md "HTTP API"), the built SPA and `/ofw/home.form`.
 * Every API error is RFC 9457 problem+json; unexpected errors are logged and answered 500 without details.
 */
export function createApp(deps: AppDeps) {
  const services: Services = {
    ...deps,
    metrics: deps.metrics ?? createMetrics({ db: deps.db }),
    now: deps.now ?? (() => new Date()),
    inviteRotateAfterMs: deps.inviteRotateAfterMs ?? 24 * 60 * 60 * 1000,
  };
  const app = new Hono<AppEnv>();
  const csp = appCsp(deps);

  app.use('*', requestContext(services));
  app.use('*', securityHeaders(csp, { hsts: deps.env.COOKIE_SECURE }));
  // overload (README "Overload"): past its thresholds the process refuses new API work at once, first of all
  const shedder =
    deps.loadShedder ??
    new LoadShedder(
      {
        maxEventLoopDelayMs: deps.env.LOAD_SHED_EVENT_LOOP_DELAY_MS,
        maxInFlight: deps.env.LOAD_SHED_MAX_IN_FLIGHT,
        maxQueueMs: deps.env.LOAD_SHED_QUEUE_MS,
        maxDatabaseQueueMs: deps.env.LOAD_SHED_DATABASE_QUEUE_MS,
        retryAfterSeconds: deps.env.LOAD_SHED_RETRY_AFTER_SECONDS,
      },
      services.metrics,
      () => services.db.execute(sql`select 1`),
    );
  // the body (at most 64 KiB) is read before the request takes an in-flight slot: a slow upload never holds one
  app.use(`${API_PREFIX}/*`, readBodyFirst(64 * 1024));
  app.use(`${API_PREFIX}/*`, loadShedding(shedder, { validPaymentSession: (c) => hasLiveSession(services, c) }));
  app.use('*', rejectMalformedPath());

  // the browser's CSP violation reports: no session read, nothing changed, so before the CSRF guard
  app.route(API_PREFIX, cspReportRoutes());
  // the renewal e-mails' links: authorized by the token in the path alone, never by the session cookie
  app.route(API_PREFIX, renewalLinkRoutes());
  // CSRF: a write carrying the session cookie must come from the app's own origin
  app.use(`${API_PREFIX}/*`, sameOriginWrites);

  // liveness: the process answers (nothing else checked, so a slow database never gets it restarted)
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  // readiness: the database answers and this process's outbox worker is working
  app.get('/readyz', readiness(services));
  app.get(`${API_PREFIX}/hello`, (c) => c.json({ hello: 'world' }));
  app.get(`${API_PREFIX}/openapi.json`, (c) => {
    c.header('cache-control', 'public, max-age=300');
    return c.json(openApiDocument());
  });

  const api = new Hono<AppEnv>();
  api.route('/', referenceRoutes());
  api.route('/', parentRoutes());
  api.route('/', orderRoutes());
  api.route('/', inviteRoutes());
  api.route('/', webhookRoutes());
  app.route(API_PREFIX, api);

  app.all(`${API_PREFIX}/*`, (c) =>
    problemResponse(c, new HttpProblem(404, 'not_found', `No API route ${c.req.method} ${c.req.path}.`).toProblem()),
  );
  app.route('/', receiptPageRoutes());
  app.route('/', webRoutes(deps.env.WEB_DIST, { applePayDomainAssociation: applePayDomainAssociation(deps.env) }));

  app.notFound((c) => c.text('Not found', 404));
  app.onError((err, c) => {
    // a service's refusal and a route's problem, rendered here and only here
    const problem = err instanceof ServiceError ? problemOf(err) : err;
    if (problem instanceof HttpProblem && problem.rateLimitRule)
      services.metrics.rateLimitedTotal.inc({ rule: problem.rateLimitRule });
    if (problem instanceof HttpProblem) return problemResponse(c, problem.toProblem(), problem.headers);
    services.logger.error(
      // the logger's `err` serializer (safeError) never prints a query's bound parameters
      { reqId: c.get('requestId'), err },
      'unhandled error',
    );
    return problemResponse(c, {
      type: problemType('internal_error'),
      title: 'Internal error',
      status: 500,
      code: 'internal_error',
      detail: `Something went wrong on our side (request ${c.get('requestId') ?? ''}).`,
    });
  });
  return app;
}

/** Whether the request carries a live auth token (Bearer or session cookie): a payment the load shedder admits. */
async function hasLiveSession(services: Services, c: Parameters<MiddlewareHandler>[0]): Promise<boolean> {
  const token = authTokenOf(c as Ctx);
  return token !== undefined && (await findSessionUser(services.db, token, services.now())) !== undefined;
}

/** The page's CSP for the configured payments driver (web.ts `contentSecurityPolicy`). */
function appCsp(deps: AppDeps): string {
  const sandboxOrigin = new URL(deps.env.SANDBOX_URL).origin;
  const acsOrigin = new URL(deps.env.SANDBOX_ACS_URL).origin;
  // env.ts requires BRAINTREE_ENVIRONMENT with the braintree driver; a test app without it gets Sandbox's hosts
  return contentSecurityPolicy(
    deps.gateway.name === 'braintree'
      ? { driver: 'braintree', environment: deps.env.BRAINTREE_ENVIRONMENT ?? 'Sandbox', sandboxOrigin, acsOrigin }
      : { driver: 'sandbox', sandboxOrigin, acsOrigin },
  );
}

/**
 * Sets the request's services and id (`x-request-id`, echoed back), logs each API request with its status and time,
 * and observes every answer's time in `http_request_duration_seconds` (lib/metrics.ts) by its route's pattern.
 */
function requestContext(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('services', services);
    c.set('requestId', c.req.header('x-request-id')?.slice(0, 64) || randomUUID());
    const start = performance.now();
    await next();
    services.metrics.httpRequestDurationSeconds.observe(
      { method: c.req.method, route: routeLabel(c), status_class: `${Math.floor(c.res.status / 100)}xx` },
      (performance.now() - start) / 1000,
    );
    c.header('x-request-id', c.get('requestId'));
    // shutting down: the client opens its next connection elsewhere (server.ts `drain`)
    if (services.lifecycle?.draining()) c.header('connection', 'close');
    if (c.req.path.startsWith(API_PREFIX)) {
      services.logger.info(
        {
          reqId: c.get('requestId'),
          method: c.req.method,
          url: redactUrl(c.req.path + (c.req.url.includes('?') ? `?${c.req.url.split('?')[1]}` : '')),
          status: c.res.status,
          ms: Math.round(performance.now() - start),
        },
        'request',
      );
    }
  };
}

/**
 * The `route` label of an answer: the pattern of the route that answered (Hono `routePath`: the handler that ran
 * last, e.g. `/api/v1/parents/:parentId/credentials`, or the middleware's own pattern when one answered, such as the
 * load shedder's `/api/v1/*`) — never the request's path, so neither ids nor random paths become series.
 */
function routeLabel(c: Parameters<MiddlewareHandler>[0]): string {
  return routePath(c) || 'unmatched';
}

/**
 * Readiness: the database answers, this process's outbox worker is working and its SMTP server has not refused every
 * one of the last attempts (outbox-health.ts; `outbox: 'failing'` with the reply codes in `reason`) — 503 otherwise;
 * 503 `draining` at once once the server is shutting down, so the load balancer stops sending it work (server.ts
 * `drain`).
 */
function readiness(services: Services): Handler<AppEnv> {
  return async (c) => {
    if (services.lifecycle?.draining()) {
      c.header('cache-control', 'no-store');
      return c.json({ status: 'draining', checks: {} }, 503);
    }
    const checks = { database: 'ok', outbox: 'ok' };
    try {
      await services.db.execute(sql`select 1`);
    } catch (e) {
      checks.database = 'unavailable';
      services.logger.warn({ err: e }, 'readyz: database unavailable');
    }
    const smtpFailure = services.outboxWorker?.smtpFailure?.(new Date());
    if (!services.outboxWorker) checks.outbox = 'off';
    else if (!services.outboxWorker.healthy(new Date())) checks.outbox = 'stalled';
    else if (smtpFailure) checks.outbox = 'failing';
    const ready = checks.database === 'ok' && checks.outbox !== 'stalled' && checks.outbox !== 'failing';
    c.header('cache-control', 'no-store');
    const body = { status: ready ? 'ok' : 'unavailable', checks, ...(smtpFailure ? { reason: smtpFailure } : {}) };
    return c.json(body, ready ? 200 : 503);
  };
}

export type App = ReturnType<typeof createApp>;
