import * as z from 'zod/mini';

/**
 * The app's configuration, read once from Vite's `import.meta.env` and validated with zod (create-t3-turbo style;
 * `zod/mini`, the tree-shakeable API, in the browser bundle).
 * - `VITE_API_BASE_URL`: origin in front of `/api/v1`; empty (default) = same origin (join-api serves the SPA).
 * - `VITE_HOME_PATH`: where a completed join goes (§2: a path ending /ofw/home.form).
 */
const EnvSchema = z.object({
  VITE_API_BASE_URL: z._default(z.string(), ''),
  VITE_HOME_PATH: z._default(z.string().check(z.endsWith('/ofw/home.form')), '/ofw/home.form'),
  DEV: z._default(z.boolean(), false),
});

export const env = EnvSchema.parse(import.meta.env);
