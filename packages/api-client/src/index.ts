// The main entry is free of React and TanStack Query, so Node services and join-api load it with zod alone. The
// TanStack Query helpers (`queryKeys`, `countriesQuery`, `joinCountriesQuery`, `packageDataQuery`) are at
// `@ofw/api-client/query` (optional peer `@tanstack/react-query`).
export * from './errors.js';
export * from './problem.js';
export * from './schemas.js';
export * from './subscription.js';
export * from './email-proof.js';
export * from './paths.js';
export * from './contract.js';
export * from './client.js';
