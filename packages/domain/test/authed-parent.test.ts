import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAuthedParent } from '../src/index.js';

describe('§6 Authenticated status comes from an auth value, an invite token or a user id', () => {
  it.each([
    [{}, false],
    [{ authToken: null, inviteToken: null, userId: null }, false],
    [{ authToken: '', inviteToken: '  ', userId: undefined }, false],
    [{ userId: Number.NaN }, false],
    [{ authToken: 'tok' }, true],
    [{ inviteToken: 'inv' }, true],
    [{ userId: 42 }, true],
    [{ userId: '42' }, true],
    [{ userId: 0 }, true],
    [{ authToken: 'tok', inviteToken: 'inv', userId: 42 }, true],
  ])('§6 isAuthedParent(%j) → %s', (input, expected) => {
    expect(isAuthedParent(input)).toBe(expected);
  });

  it('§6 any one present value is enough, whatever the others are', () => {
    const absent = fc.constantFrom(undefined, null, '', ' ');
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        absent,
        absent,
        fc.constantFrom('authToken', 'inviteToken', 'userId'),
        (value, a, b, key) => {
          const others = (['authToken', 'inviteToken', 'userId'] as const).filter((k) => k !== key);
          const input = { [key]: value, [others[0]!]: a, [others[1]!]: b };
          return isAuthedParent(input) && !isAuthedParent({ ...input, [key]: a });
        },
      ),
    );
  });
});
