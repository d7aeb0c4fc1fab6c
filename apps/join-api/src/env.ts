import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The monorepo root: the nearest ancestor of this module holding `pnpm-workspace.yaml`. */
export function repoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().min(1).optional(),
    PAYMENTS_DRIVER: z.enum(['sandbox', 'braintree']).default('sandbox'),
    SANDBOX_URL: z.url().default('http://localhost:3010'),
    /** How long join-api waits for the payment gateway before treating an order as in doubt (ms). */
    GATEWAY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    BRAINTREE_ENVIRONMENT: z.enum(['Sandbox', 'Production', 'Development', 'Qa']).optional(),
    BRAINTREE_MERCHANT_ID: z.string().min(1).optional(),
    BRAINTREE_PUBLIC_KEY: z.string().min(1).optional(),
    BRAINTREE_PRIVATE_KEY: z.string().min(1).optional(),
    BRAINTREE_MERCHANT_ACCOUNT_ID: z.string().min(1).optional(),
    WEB_DIST: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Public origin of the app, used in printed demo links (default `http://<HOST>:<PORT>`). */
    PUBLIC_URL: z.url().optional(),
    /** Set to `false` to skip seeding demo parents/invites (reference data is always seeded). */
    SEED_DEMO: z.enum(['true', 'false']).default('true'),
    /** Cookies get `Secure` when true (behind HTTPS). */
    COOKIE_SECURE: bool,
    /** Multiplies every rate limit (tests and the bench raise it). */
    RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
    /** How often expired rate-limit and idempotency rows are purged (ms; 0 turns the timer off). */
    HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENTS_DRIVER === 'braintree') {
      for (const key of [
        'BRAINTREE_ENVIRONMENT',
        'BRAINTREE_MERCHANT_ID',
        'BRAINTREE_PUBLIC_KEY',
        'BRAINTREE_PRIVATE_KEY',
      ] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when PAYMENTS_DRIVER=braintree` });
      }
    }
  });

/** Validated configuration of join-api (docs/CONTRACTS.md "Ports, origins and environment"). */
export type Env = z.infer<typeof EnvSchema> & { DATA_DIR: string; WEB_DIST: string; PUBLIC_URL: string };

/** Thrown by {@link loadEnv} with one line per bad setting. */
export class EnvError extends Error {
  override readonly name = 'EnvError';
}

/**
 * Reads and validates join-api's environment (create-t3-turbo style: one module, zod).
 * Paths default relative to the repo root so the server runs the same from the root or apps/join-api.
 * @throws EnvError naming each missing or invalid setting.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid join-api environment:\n${lines.join('\n')}`);
  }
  const root = repoRoot();
  const e = parsed.data;
  const host = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    ...e,
    DATA_DIR: path.resolve(root, e.DATA_DIR ?? '.data/pglite'),
    WEB_DIST: path.resolve(root, e.WEB_DIST ?? 'apps/join-web/dist'),
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://${host}:${e.PORT}`).replace(/\/$/, ''),
  };
}
