import { JoinStateSchema, type JoinState, type JoinStateInput } from '../schemas.js';

/**
 * A join state with the defaults of spec §3 "Join state": parent.phoneCountryCode '+1', coparentPricing 'P3',
 * languageLocale 'en-US' (and `false`/empty for flags and lists, subscriptionStatus 'none').
 *
 * @param overrides - fields to set; validated by {@link JoinStateSchema}.
 * @throws ZodError when `overrides` does not match the schema.
 */
export function createJoinState(overrides: JoinStateInput = {}): JoinState {
  return JoinStateSchema.parse(overrides);
}

export { JOIN_STATE_DEFAULTS } from './join-state-default-values.js';
