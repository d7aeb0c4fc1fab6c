export { createSandboxApp, DEFAULT_ACS_ORIGIN, TOKENIZATION_KEY, type SandboxAppOptions } from './app.js';
export { createAcsApp } from './acs.js';
export {
  ClientTokens,
  CLIENT_TOKEN_TTL_MS,
  MERCHANT_ID,
  fingerprintOf,
  type AuthorizationKind,
  type ClientTokenPayload,
} from './authorization.js';
export { ACS_HOST, startSandbox, type RunningSandbox } from './server.js';
export { SandboxStore, type Dispute, type Transaction, type ThreeDSecureInfo } from './store.js';
export {
  WebhookQueue,
  signNotification,
  signPayload,
  type SignedNotification,
  type WebhookDelivery,
  type WebhookKind,
  type WebhookQueueOptions,
} from './webhooks.js';
export { readEnv, requireServerApiKey, EnvSchema, DEFAULT_ALLOWED_ORIGINS, type Env } from './env.js';
export { requireApiKey, SERVER_API_PATHS } from './server-api.js';
export { DECLINED_CARDS, FAKE_NONCES, THREE_D_SECURE_CARDS, outcomeForAmount } from './cards.js';
export { answerChallenge } from './challenge-walk.js';
