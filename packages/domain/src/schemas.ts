/**
 * zod schemas for every entity of spec §3 "Entities and their fields", each exported as `XxxSchema` beside
 * `type Xxx = z.infer<typeof XxxSchema>`. Money fields are numbers in major units with at most 2 decimals. Each
 * group has its module under `schemas/`; this module re-exports them all.
 *
 * @module
 */
export * from './schemas/enumerations.js';
export * from './schemas/catalogue.js';
export * from './schemas/config.js';
export * from './schemas/payments.js';
export * from './schemas/join-state.js';
