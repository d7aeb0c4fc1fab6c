import { describe, expect, it } from 'vitest';
import { resolvePricingGroup, type PricingGroupInput } from '../src/index.js';

describe('§4 Pricing group', () => {
  it.each<[string, PricingGroupInput, string]>([
    [
      'expired, not migrated → migration group',
      {
        subscriptionStatus: 'expired',
        coparentPricing: 'P3',
        migrationPricingGroup: 'P1',
        hasMigratedTo2kPackaging: false,
      },
      'P1',
    ],
    [
      'expired, migration flag unknown → migration group',
      { subscriptionStatus: 'expired', coparentPricing: 'P3', migrationPricingGroup: 'P2' },
      'P2',
    ],
    [
      'expired, migrated → coparentPricing',
      {
        subscriptionStatus: 'expired',
        coparentPricing: 'P2',
        migrationPricingGroup: 'P1',
        hasMigratedTo2kPackaging: true,
      },
      'P2',
    ],
    [
      'expired, no migration group → coparentPricing',
      { subscriptionStatus: 'expired', coparentPricing: 'P2', hasMigratedTo2kPackaging: false },
      'P2',
    ],
    [
      'none, special P0 kept',
      {
        subscriptionStatus: 'none',
        coparentPricing: 'P0',
        eligiblePricingGroup: 'P2',
        hasMigratedTo2kPackaging: false,
      },
      'P0',
    ],
    ['none, special P1 kept', { subscriptionStatus: 'none', coparentPricing: 'P1', eligiblePricingGroup: 'P2' }, 'P1'],
    [
      'none, not migrated → eligible group',
      {
        subscriptionStatus: 'none',
        coparentPricing: 'P3',
        eligiblePricingGroup: 'P2',
        hasMigratedTo2kPackaging: false,
      },
      'P2',
    ],
    [
      'none, migrated → coparentPricing',
      { subscriptionStatus: 'none', coparentPricing: 'P3', eligiblePricingGroup: 'P2', hasMigratedTo2kPackaging: true },
      'P3',
    ],
    ['none, no eligible group → coparentPricing', { subscriptionStatus: 'none', coparentPricing: 'P2' }, 'P2'],
    [
      'none, kept values overridable',
      {
        subscriptionStatus: 'none',
        coparentPricing: 'P2',
        eligiblePricingGroup: 'P1',
        keptPricingGroups: ['P2', 'P3'],
      },
      'P2',
    ],
    [
      'current → coparentPricing',
      { subscriptionStatus: 'current', coparentPricing: 'P2', migrationPricingGroup: 'P1', eligiblePricingGroup: 'P0' },
      'P2',
    ],
    ['nothing known → default P3', {}, 'P3'],
    [
      'expired without coparentPricing, migrated → default P3',
      { subscriptionStatus: 'expired', hasMigratedTo2kPackaging: true, migrationPricingGroup: 'P1' },
      'P3',
    ],
  ])('§4 %s', (_, input, group) => {
    expect(resolvePricingGroup(input)).toBe(group);
  });
});
