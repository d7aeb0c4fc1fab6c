// Bundled by esbuild for the browser test page: exposes the sandbox driver to Playwright.
import {
  createPaymentsClient,
  toPaymentError,
  type HostedFieldsInstance,
  type PaymentsClient,
} from '../../src/index.js';

declare global {
  interface Window {
    setup(sandboxUrl: string, authorization: string): Promise<void>;
    pay(interstitialMs?: number): Promise<unknown>;
    tokenizeOnly(): Promise<unknown>;
    walletResult: Promise<unknown> | undefined;
    events: string[];
    client: PaymentsClient;
    hf: HostedFieldsInstance;
  }
}

window.setup = async (sandboxUrl, authorization) => {
  window.client = await createPaymentsClient({
    driver: 'sandbox',
    authorization,
    sandboxUrl,
    displayName: 'OurFamilyWizard',
    flags: { applePay: false, cadPayPal: false, venmo: false },
  });
  window.hf = await window.client.createHostedFields({
    fields: {
      number: { container: '#cc-number' },
      expirationDate: { container: '#cc-exp' },
      cvv: { container: '#cc-cvv' },
    },
  });
  window.events = [];
  for (const event of ['focus', 'blur', 'validityChange', 'cardTypeChange', 'notEmpty'] as const) {
    window.hf.on(event, (state) => window.events.push(`${event}:${state.emittedBy}`));
  }
};

window.tokenizeOnly = () => window.hf.tokenize().catch((error: unknown) => ({ error: toPaymentError(error) }));

window.pay = async (interstitialMs = 50) => {
  const card = await window.hf.tokenize();
  try {
    const result = await window.client.verifyCard({
      nonce: card.nonce,
      amount: 216,
      bin: card.details.bin ?? '',
      email: 'parent@example.com',
      challenge: { interstitialMs },
    });
    return { liabilityShifted: result.liabilityShifted, status: result.threeDSecureInfo.status };
  } catch (error) {
    return { error: toPaymentError(error) };
  }
};

// wallet buttons: tokenize runs synchronously inside the click handler, so the popup is not blocked
for (const wallet of ['venmo', 'paypal'] as const) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = wallet === 'venmo' ? 'Pay with Venmo' : 'Pay with PayPal';
  button.addEventListener('click', () => {
    const run =
      wallet === 'venmo'
        ? window.client.tokenizeVenmo()
        : window.client.tokenizePayPal({ amount: 216, currency: 'USD' });
    window.walletResult = run.catch((error: unknown) => ({ error: toPaymentError(error) }));
  });
  document.body.appendChild(button);
}
