import { readEnv, requireServerApiKey, type Env } from './env.js';
import { startSandbox } from './server.js';

let env: Env;
try {
  env = readEnv();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const sandbox = await startSandbox({
  port: env.SANDBOX_PORT,
  acsPort: env.SANDBOX_ACS_PORT,
  host: env.HOST,
  allowedOrigins: env.SANDBOX_ALLOWED_ORIGINS,
  nodeEnv: env.NODE_ENV,
  apiKey: requireServerApiKey(env),
  liveFrameScript: env.SANDBOX_LIVE_FRAME_SCRIPT,
  webhookUrls: env.SANDBOX_WEBHOOK_URL,
  webhookRetryBaseMs: env.SANDBOX_WEBHOOK_RETRY_BASE_MS,
});
const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
console.log(
  `payments sandbox listening on http://${shownHost}:${sandbox.port} (parent origins: ${env.SANDBOX_ALLOWED_ORIGINS.join(', ')})`,
);
console.log(`payments sandbox bank (3D Secure ACS) on ${sandbox.acsUrl}`);
if (env.SANDBOX_WEBHOOK_URL.length > 0)
  console.log(`payments sandbox webhook notifications to ${env.SANDBOX_WEBHOOK_URL.join(', ')}`);

const stop = () => {
  void sandbox.close().finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
