import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { API_PREFIX, contract, ProblemSchema, type Operation } from '@ofw/api-client';

/** What each error status means, in the document (the body is always a problem, `code` says which). */
const PROBLEM_STATUS: Record<number, string> = {
  400: 'Malformed request or validation_failed (field errors in `errors`)',
  401: 'Missing, invalid or expired credentials (auth token, session cookie or invite token)',
  402: 'Payment declined (processor_declined, gateway_rejected)',
  403: 'Not allowed (another parent, origin_not_allowed, current password required or incorrect)',
  404: 'Not found',
  409: 'Conflict with the current state (see `code`)',
  415: 'The body is not application/json',
  422: 'Understood but refused (see `code`)',
  429: 'rate_limited: too many attempts; Retry-After says when to try again',
  500: 'Unexpected error',
  503: 'A dependency (the payment gateway) is unavailable; Retry-After',
};

/** The security requirement of an operation's auth (an empty list: no credentials; `{}`: credentials optional). */
function securityOf(auth: Operation['auth']): Record<string, string[]>[] {
  if (auth === 'none') return [];
  if (auth === 'invite') return [{ inviteToken: [] }];
  return [{ bearerAuth: [] }, { sessionCookie: [] }, ...(auth === 'parent-optional' ? [{}] : [])];
}

/** The request headers of an operation as a zod object (names lower case, as HTTP/2 sends them). */
function headersOf(op: Operation): z.ZodObject | undefined {
  if (!op.headers?.length) return undefined;
  const shape: Record<string, z.ZodType> = {};
  for (const h of op.headers) {
    const param = { description: h.description, required: h.required };
    const schema = h.schema ?? z.string();
    shape[h.name] = h.required ? schema.meta({ param }) : schema.optional().meta({ param });
  }
  return z.object(shape);
}

/** One operation of the contract as a zod-openapi operation object. */
function operationObject(operationId: string, op: Operation): ZodOpenApiOperationObject {
  const header = headersOf(op);
  const requestParams = {
    ...(op.params ? { path: op.params } : {}),
    ...(op.query ? { query: op.query } : {}),
    ...(header ? { header } : {}),
  };
  const responses: Record<string, ZodOpenApiResponseObject> = {
    [String(op.response.status)]: op.response.schema
      ? {
          description: op.response.description ?? (op.response.status === 201 ? 'Created' : 'OK'),
          content: { 'application/json': { schema: op.response.schema } },
        }
      : { description: op.response.description ?? 'No content' },
  };
  for (const status of [...op.problems, 500])
    responses[String(status)] = {
      description: PROBLEM_STATUS[status] ?? 'Problem (RFC 9457)',
      content: { 'application/problem+json': { schema: ProblemSchema } },
    };
  return {
    operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: securityOf(op.auth),
    ...(Object.keys(requestParams).length ? { requestParams } : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    responses,
  };
}

let cached: unknown;

/**
 * The OpenAPI 3.1 document of join-api, served at `/api/v1/openapi.json`: every operation of `@ofw/api-client`'s
 * contract table (operationId = its key; method, path, params, query, headers, body, responses, security), the
 * schemas rendered by zod-openapi (zod 4's JSON Schema: request schemas as input, responses as output), the problem
 * body as the `Problem` component. `redocly lint` (recommended rules) passes on it, and openapi-typescript generates
 * client types from it (test/openapi.test.ts). Built once.
 */
export function openApiDocument(): unknown {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const [operationId, op] of Object.entries(contract) as [string, Operation][]) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operationObject(operationId, op) };
  }
  cached = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'OFW Join API',
      version: '1.0.0',
      description: 'docs/CONTRACTS.md "HTTP API" Errors are application/problem+json with a stable `code`.',
      license: { name: 'UNLICENSED', identifier: 'LicenseRef-OFW-Internal' },
    },
    servers: [{ url: API_PREFIX }],
    paths,
    components: {
      schemas: { Problem: ProblemSchema },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'authToken from POST /signups' },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-ofw_session',
          description:
            "The browser's session (HttpOnly, Secure, SameSite=Lax, Path=/), set by POST /signups and when credentials rotate the token. A write (POST/PUT/PATCH/DELETE) authenticated by it must carry Sec-Fetch-Site: same-origin or the app's Origin, else 403 origin_not_allowed.",
        },
        inviteToken: { type: 'http', scheme: 'bearer', description: 'Invite registration token' },
      },
    },
  });
  return cached;
}
