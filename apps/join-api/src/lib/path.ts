import type { MiddlewareHandler } from 'hono';
import { HttpProblem } from './problem.js';

/** The 400 problem of a path that is not valid percent-encoding (`GET /%ZZ` answered 500). */
function malformed(): HttpProblem {
  return new HttpProblem(400, 'validation_failed', 'The request path is not valid percent-encoding.');
}

/**
 * `decodeURIComponent` for a request path, with malformed percent-encoding (`%ZZ`, a truncated `%E0%A4%A`, bytes
 * that are not UTF-8) as a client error.
 * @throws HttpProblem 400 `validation_failed` when `path` cannot be decoded.
 */
export function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    throw malformed();
  }
}

/**
 * Middleware answering 400 problem+json (through the app's error handler) to any request whose raw path — web or
 * `/api` — is not valid percent-encoding, before a route or a static-file lookup sees it. The query string is not
 * checked (its parameters are validated by each route).
 */
export function rejectMalformedPath(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const end = url.indexOf('?', start);
    const raw = start < 0 ? '/' : url.slice(start, end < 0 ? undefined : end);
    if (raw.includes('%')) decodePath(raw);
    await next();
  };
}
