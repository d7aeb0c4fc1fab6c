/**
 * Every user-facing string of the join, one module per area (so a step's chunk carries its own descriptors and the
 * first screen only the ones it shows), with stable ids (`area.thing`) and a translator `description` (where
 * and how the text is shown, what each {argument} holds). English (en-US) defaults live there; `pnpm i18n:extract`
 * writes them to src/i18n/lang/en-US.json (with the descriptions to src/i18n/extracted/en-US.json), and en-GB, es-US
 * and es-MX translate every id (`pnpm i18n:verify`, formatjs verify, fails on a missing or unused id or other
 * placeholders).
 */
export {
  appMessages,
  failureMessages,
  loadingMessages,
  problemMessages,
  sessionMessages,
  stepMessages,
} from './messages/app.js';
export { detailsMessages } from './messages/details.js';
export { packageMessages } from './messages/package.js';
export { termsMessages } from './messages/terms.js';
export { paymentMessagesUi } from './messages/payment.js';
export { accountMessages } from './messages/account.js';
export { faqMessages } from './messages/faq.js';
export { inviteMessages } from './messages/invite.js';
export { confirmationMessages } from './messages/confirmation.js';
export { renewalMessages } from './messages/renewal.js';
export { emailMessages } from './messages/email.js';
