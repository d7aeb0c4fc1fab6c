import { describe, expect, it } from 'vitest';
import { parseProSearch } from '../src/join/pro-search.js';

describe('§1 §2 pro-referred join: the link’s search parameters', () => {
  it('§2 keeps the professional’s trimmed name and a referral token of 16–128 characters', () => {
    expect(
      parseProSearch({ proFirstName: '  Grace ', proLastName: 'Hopper', referral: 'pro-referral-token-123456' }),
    ).toEqual({ proFirstName: 'Grace', proLastName: 'Hopper', referral: 'pro-referral-token-123456' });
  });

  it('§2 drops a bad value instead of failing: blank or over-long names, short or long tokens, non-strings', () => {
    expect(parseProSearch({ proFirstName: '   ', proLastName: 'x'.repeat(81), referral: 'short-token' })).toEqual({
      proFirstName: undefined,
      proLastName: undefined,
      referral: undefined,
    });
    expect(parseProSearch({ proFirstName: 123, referral: 'r'.repeat(129) })).toEqual({
      proFirstName: undefined,
      proLastName: undefined,
      referral: undefined,
    });
    expect(parseProSearch({ proFirstName: 'x'.repeat(80), referral: 'r'.repeat(16) })).toEqual({
      proFirstName: 'x'.repeat(80),
      proLastName: undefined,
      referral: 'r'.repeat(16),
    });
  });
});
