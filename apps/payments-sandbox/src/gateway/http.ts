/** The XML gateway's HTTP plumbing (routes.ts, vault-routes.ts): XML answers, the SDK's JSON bodies. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { GatewayError } from './errors.js';
import { camelizeKeys } from './xml.js';

export function xml(c: Context, body: string, status: ContentfulStatusCode = 200): Response {
  return c.body(body, status, { 'Content-Type': 'application/xml; charset=utf-8' });
}

export function basicCredentials(header: string | undefined): [string, string] | undefined {
  const encoded = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    const parsed = camelizeKeys(JSON.parse(text));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function messageOf(errors: readonly GatewayError[]): string {
  return errors.map((e) => e.message).join('\n');
}
