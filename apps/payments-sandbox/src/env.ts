import { z } from 'zod';

/** Parent-page origins allowed by default (join-api, its 127.0.0.1 twin, Vite dev). docs/CONTRACTS.md. */
export const DEFAULT_ALLOWED_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:5173'];

const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url().transform((url) => new URL(url).origin)).min(1));

/** The sandbox's environment (docs/CONTRACTS.md "Ports, origins and environment"). */
export const EnvSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3010),
  /**
   * The bank's port: the 3D Secure challenge's ACS is served on its own listener on 127.0.0.1 — a third origin, as a
   * real bank's (docs/PAYMENTS.md). Default: `SANDBOX_PORT` + 1, or 0 (any free port) when `SANDBOX_PORT` is 0
   * ({@link readEnv} fills it in).
   */
  SANDBOX_ACS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().min(1).default('localhost'),
  SANDBOX_ALLOWED_ORIGINS: originList.default(DEFAULT_ALLOWED_ORIGINS),
  /**
   * Never `production` (docs/PAYMENTS.md "Production fails closed"): the sandbox approves test cards and has fault control,
   * so {@link readEnv} refuses to start there. (Should an app be built with `nodeEnv: 'production'` anyway, fault
   * control `/sandbox/*` answers 404.)
   */
  NODE_ENV: z
    .string()
    .default('development')
    .refine((v) => v !== 'production', 'the payments sandbox is a test double and never runs with NODE_ENV=production'),
  /**
   * The key of the server API: join-api's sandbox gateway sends `Authorization: Bearer <key>`; requests
   * without it get 401. At least 16 characters; the server (`main.ts`) does not start without it
   * ({@link requireServerApiKey}); `pnpm start`, `pnpm dev` and the e2e config make one per run.
   */
  SANDBOX_API_KEY: z.string().min(16, 'SANDBOX_API_KEY must be at least 16 characters').optional(),
  /**
   * Where webhook notifications are POSTed (webhooks.ts), comma-separated URLs; unset: notifications are recorded
   * (`GET /sandbox/webhooks`) but not posted. `pnpm start` / `pnpm dev` set join-api's `/api/v1/webhooks/braintree`.
   */
  SANDBOX_WEBHOOK_URL: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  /** Delay before a failed webhook delivery's first retry (ms), doubled for each further one. Default 1000. */
  SANDBOX_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(1000),
  /**
   * `1`: serve the hosted-field frame script as last built, re-read after each change and sent `no-cache` — `pnpm dev`
   * sets it and rebuilds the script on every edit of src/frame/. Default off (read once).
   */
  SANDBOX_LIVE_FRAME_SCRIPT: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
});

/** The validated environment; `SANDBOX_ACS_PORT` is always set (its default filled in). */
export type Env = z.infer<typeof EnvSchema> & { SANDBOX_ACS_PORT: number };

/** `SANDBOX_ACS_PORT` given or defaulted, checked against `SANDBOX_PORT`. */
const WithAcsPort = EnvSchema.transform((env, ctx) => {
  const acsPort = env.SANDBOX_ACS_PORT ?? (env.SANDBOX_PORT === 0 ? 0 : env.SANDBOX_PORT + 1);
  if (acsPort > 65535)
    ctx.addIssue({ code: 'custom', path: ['SANDBOX_ACS_PORT'], message: 'SANDBOX_PORT + 1 is no port: set it' });
  else if (acsPort !== 0 && acsPort === env.SANDBOX_PORT)
    ctx.addIssue({ code: 'custom', path: ['SANDBOX_ACS_PORT'], message: 'must differ from SANDBOX_PORT' });
  return { ...env, SANDBOX_ACS_PORT: acsPort };
});

/**
 * Reads and validates the environment once.
 * @throws Error listing every invalid variable.
 */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = WithAcsPort.safeParse(source);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid payments-sandbox environment: ${issues}`);
  }
  return parsed.data;
}

/**
 * The server API's key for the running server (the sandbox's server API is never open when served).
 * @throws Error when `SANDBOX_API_KEY` is not set.
 */
export function requireServerApiKey(env: Env): string {
  if (!env.SANDBOX_API_KEY) {
    throw new Error(
      'payments-sandbox: SANDBOX_API_KEY is required (16+ characters); join-api sends it as SANDBOX_API_KEY too. `pnpm start` and `pnpm dev` set one.',
    );
  }
  return env.SANDBOX_API_KEY;
}
