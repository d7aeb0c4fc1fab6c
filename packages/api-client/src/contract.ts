/**
 * The HTTP contract of join-api (docs/CONTRACTS.md "HTTP API", docs/CONTRACTS.md), written once: every operation by its
 * `operationId` — method, path (OpenAPI style, relative to `API_PREFIX`), path params, query, headers, body, the
 * success response, who may call it, the error statuses it answers (application/problem+json, `ProblemSchema`)
 * and its documentation. From this one table come:
 * - the typed client (`createApiClient`: each method sends its entry's method and path and parses the answer with
 *   the entry's response schema);
 * - join-api's route registration and request validation (`apps/join-api/src/lib/operation.ts`);
 * - the OpenAPI 3.1 document join-api serves at `/api/v1/openapi.json` (built from this table by zod-openapi).
 * Plain zod, no server framework: the table loads in a browser.
 */

import { catalogueOperations } from './contract/catalogue.js';
import { inviteOperations } from './contract/invites.js';
import type { Operation } from './contract/operation.js';
import { paymentOperations } from './contract/orders.js';
import { parentOperations, securityQuestionOperations } from './contract/parents.js';
import { renewalOperations } from './contract/renewal.js';

export {
  UserIdParamsSchema,
  operationPath,
  type Operation,
  type OperationAuth,
  type OperationHeader,
} from './contract/operation.js';

/**
 * Every join-api operation by `operationId` (see the module comment), each area from its module under `contract/`.
 * Their order is the order of join-api's routes and OpenAPI document.
 */
export const contract = {
  ...catalogueOperations,
  ...parentOperations,
  ...renewalOperations,
  ...paymentOperations,
  ...securityQuestionOperations,
  ...inviteOperations,
} as const satisfies Record<string, Operation>;

/** The operationIds of {@link contract}. */
export type OperationId = keyof typeof contract;
