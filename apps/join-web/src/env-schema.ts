import * as z from 'zod/mini';

/**
 * The app's configuration schema (create-t3-turbo style: read and validated with zod in one module). It runs where
 * the configuration is known — `vite.config.ts` at build and dev-server start, `vitest.config.ts` for tests — which
 * fail on a bad value; the validated result is compiled into the bundle as `__OFW_ENV__` (src/env.ts), so the
 * browser's first load carries no zod.
 * - `VITE_API_BASE_URL`: origin in front of `/api/v1`; empty (default) = same origin (join-api serves the SPA).
 * - `VITE_HOME_PATH`: where a completed join goes (§2: a path ending /ofw/home.form).
 * - `DEV`: Vite's dev server (true) or a build (false).
 */
export const EnvSchema = z.object({
  VITE_API_BASE_URL: z._default(z.string(), ''),
  VITE_HOME_PATH: z._default(z.string().check(z.endsWith('/ofw/home.form')), '/ofw/home.form'),
  DEV: z._default(z.boolean(), false),
});

/** The validated configuration (see {@link EnvSchema}). */
export type AppEnv = z.infer<typeof EnvSchema>;

/**
 * Validates the raw configuration (the `VITE_*` variables and Vite's `DEV`).
 * @throws Error naming each bad variable, e.g. `VITE_HOME_PATH: …` — the build or the dev server stops.
 */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const parsed = EnvSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new Error(`join-web configuration is invalid:\n  ${lines.join('\n  ')}`);
}
