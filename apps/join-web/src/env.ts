import type { AppEnv } from './env-schema.js';

declare const __OFW_ENV__: AppEnv;

/**
 * The app's configuration ({@link AppEnv}: `VITE_API_BASE_URL`, `VITE_HOME_PATH`, `DEV`), validated with zod by
 * src/env-schema.ts when the build (or dev server, or test run) starts and compiled in as a constant, so reading it
 * costs the browser nothing (no zod in the first load).
 */
export const env: AppEnv = __OFW_ENV__;
