/** join-api as a library (tests, the bench and other tooling start it in-process). */
export { createApp } from './app.js';
export { startServer, type RunningServer } from './server.js';
export { loadEnv, type Env } from './env.js';
export { openDatabase, type Database } from './db/client.js';
export { seedReference, seedDemo } from './seed.js';
export { createLogger } from './lib/logger.js';
export { createSandboxGateway } from './gateway/sandbox.js';
export type { AppDeps } from './context.js';
export { startHousekeeping, purgeExpired, purgeOutbox, type Housekeeping } from './housekeeping.js';
export {
  startOutboxWorker,
  deliverDue,
  claimDue,
  enqueueEmail,
  smtpMailer,
  type Mailer,
  type OutboxWorker,
} from './outbox.js';
export { renderEmail, emailLocale, EMAIL_CATALOGUES } from './emails/render.js';
