import type { MiddlewareHandler } from 'hono';
import { HttpProblem } from './problem.js';

/**
 * Reads a request's whole body, at most `maxBytes`, BEFORE the request is admitted to the in-flight cap
 * (lib/load-shedding.ts): a client that sends its body slowly holds a socket — which the server's `requestTimeout`
 * bounds (server.ts) — but never one of the process's in-flight slots. The body is kept in memory for the handler
 * (as hono's `bodyLimit` does, hono "Body Limit Middleware"). A declared or counted size past `maxBytes` answers 413
 * `payload_too_large` without reading more.
 * @throws HttpProblem 413 `payload_too_large`
 */
export function readBodyFirst(maxBytes: number): MiddlewareHandler {
  const tooLarge = () => new HttpProblem(413, 'payload_too_large', `The body is larger than ${maxBytes / 1024} KiB.`);
  return async (c, next) => {
    // a GET or HEAD carries no body worth reading (RFC 9110 §9.3.1): the request object is left as it is
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge();
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
    const whole = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      whole.set(chunk, offset);
      offset += chunk.length;
    }
    c.req.raw = new Request(c.req.raw, { body: whole });
    return next();
  };
}
