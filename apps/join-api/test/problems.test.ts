import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contract, type OperationId } from '@ofw/api-client';
import { guardRefusals, type Refusal, type Refusals } from '../src/lib/operation.js';
import { inviteRefusals } from '../src/routes/invites.js';
import { orderRefusals } from '../src/routes/orders.js';
import { parentRefusals } from '../src/routes/parents.js';
import { referenceRefusals } from '../src/routes/reference.js';
import { renewalLinkRefusals } from '../src/routes/renewal-links.js';

/** Every handler's own refusals, as each routes module keeps them next to its handlers. */
const handlerRefusals: Refusals = {
  ...referenceRefusals,
  ...inviteRefusals,
  ...parentRefusals,
  ...orderRefusals,
  ...renewalLinkRefusals,
};

/**
 * Answers any API route may give whatever its entry: 400 for a path that is not valid percent-encoding (lib/path.ts),
 * so an entry may list 400 without a parameter of its own.
 */
const APP_WIDE = new Set([400]);

/**
 * Refusals with no test of their own yet (a known gap, listed so that no new one slips in): `attempt_closed`, an order
 * key whose attempt failed without a stored answer (services/orders.ts).
 */
const KNOWN_UNTESTED = new Set(['createOrder 409 conflict']);

const refusalsOf = (id: OperationId): Refusal[] => [...guardRefusals(contract[id]), ...handlerRefusals[id]];
const ids = Object.keys(contract) as OperationId[];

/** Every join-api test file's text (the test of a refusal names its code, e.g. `'price_changed'`). */
const testSources = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.test.ts') && f !== 'problems.test.ts')
  .map((f) => readFileSync(new URL(f, import.meta.url), 'utf8'))
  .join('\n');

describe("each operation's documented problems are what it can refuse (docs/CONTRACTS.md 'HTTP API': errors are problem+json by status)", () => {
  it('every operation has its handler refusals listed next to its handler', () => {
    expect(Object.keys(handlerRefusals).sort()).toEqual([...ids].sort());
  });

  it.each(ids)('%s: the contract lists every status its guard and handler can answer, and no other', (id) => {
    const raised = new Set(refusalsOf(id).map(([status]) => status));
    const listed = new Set(contract[id].problems as readonly number[]);
    const missing = [...raised].filter((s) => !listed.has(s));
    const never = [...listed].filter((s) => !raised.has(s) && !APP_WIDE.has(s));
    expect({ missing, never }).toEqual({ missing: [], never: [] });
  });

  it.each(ids)("%s: each code its handler can refuse with is exercised by join-api's tests", (id) => {
    const untested = handlerRefusals[id].filter(
      ([status, code]) => !testSources.includes(`'${code}'`) && !KNOWN_UNTESTED.has(`${id} ${status} ${code}`),
    );
    expect(untested).toEqual([]);
  });
});
