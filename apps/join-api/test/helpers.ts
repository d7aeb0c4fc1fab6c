// The join-api suite's helpers, one module each in test/helpers/ (named for what they do); every test imports them
// from here.
export { DATABASES, freshDatabase } from './helpers/database.js';
export { startFakeSandbox, type FakeSandbox } from './helpers/fake-sandbox.js';
export { LogSink, counterValue, sameDatabaseApp, testApp, withFakeSandboxApp, type TestApp } from './helpers/app.js';
export { BILLING, SIGNUP, markProven, newParent, signup } from './helpers/parents.js';
export { lastEmailCode, proveEmail } from './helpers/email.js';
export { markPaid, order } from './helpers/orders.js';
export { PRODUCTION_ENV, braintreeDevEnv } from './helpers/env.js';
export { STRONGER_PASSWORD, STRONG_PASSWORD, parentFromOwnAddress, sendJson } from './helpers/limits.js';
