import { paymentSummaryMessages } from './payment/summary.js';
import { paymentCardMessages } from './payment/card.js';
import { paymentBillingMessages } from './payment/billing.js';
import { paymentSubmitMessages } from './payment/submit.js';
import { paymentWalletMessages } from './payment/wallets.js';
import { paymentErrorMessages } from './payment/errors.js';

/**
 * Every message of the payment step, one module per part under `payment/` (summary, card form, billing address, pay
 * button, wallets, errors).
 */
export const paymentMessagesUi = {
  ...paymentSummaryMessages,
  ...paymentCardMessages,
  ...paymentBillingMessages,
  ...paymentSubmitMessages,
  ...paymentWalletMessages,
  ...paymentErrorMessages,
} as const;
