import { z } from 'zod';

/**
 * The app's configuration, read once from Vite's `import.meta.env` and validated with zod (create-t3-turbo style).
 * - `VITE_API_BASE_URL`: origin in front of `/api/v1`; empty (default) = same origin (join-api serves the SPA).
 * - `VITE_HOME_PATH`: where a completed join goes (§2: a path ending /ofw/home.form).
 */
const EnvSchema = z.object({
  VITE_API_BASE_URL: z.string().default(''),
  VITE_HOME_PATH: z.string().endsWith('/ofw/home.form').default('/ofw/home.form'),
  DEV: z.boolean().default(false),
});

export const env = EnvSchema.parse(import.meta.env);
