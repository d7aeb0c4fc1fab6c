export * from './problem.js';
export * from './schemas.js';
export * from './paths.js';
export * from './client.js';
export * from './queries.js';
