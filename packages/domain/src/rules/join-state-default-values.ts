/**
 * The defaults of spec §3 "Join state" as constants: `JoinStateSchema` applies them when parsing and
 * `initialJoinState()` builds a fresh state from them without zod. Their own module, so the schemas and the zod-free
 * initial state both import it and neither imports the other's values.
 */
export const JOIN_STATE_DEFAULTS = {
  phoneCountryCode: '+1',
  coparentPricing: 'P3',
  languageLocale: 'en-US',
} as const;
