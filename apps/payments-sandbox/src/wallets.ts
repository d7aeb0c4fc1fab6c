/**
 * Venmo and PayPal in the sandbox (docs/PAYMENTS.md "Wallets: Venmo and PayPal approve or cancel in a popup").
 * The parent page opens `/wallets/<wallet>/popup` from its click handler; the popup offers "Approve" and "Cancel" and
 * posts the outcome to its opener (origin checked against SANDBOX_ALLOWED_ORIGINS). Approving creates a single-use
 * nonce of the wallet's type (§3 "Other wallet and bank results").
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { StoredCard } from './cards.js';
import { errorPage } from './pages.js';
import { randomId, type SandboxStore } from './store.js';

const WALLETS = {
  venmo: { name: 'Venmo', kind: 'VenmoAccount' as const },
  paypal: { name: 'PayPal', kind: 'PayPalAccount' as const },
};
type Wallet = keyof typeof WALLETS;
const isWallet = (value: string): value is Wallet => value in WALLETS;

/**
 * How the wallet account may be used later: a PayPal `checkout` (one-time) payment and a Venmo `single_use` account
 * cannot be vaulted (Braintree 82902; braintree-web `paymentMethodUsage`); `vault` / `multi_use` can.
 */
type Usage = NonNullable<StoredCard['walletUsage']>;

function popupPage(wallet: Wallet, origin: string, amount: string, currency: string, usage: Usage): string {
  const { name } = WALLETS[wallet];
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${name} sandbox: approve the payment</title>
<style>body{font:16px/1.4 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1f2933}button{font:inherit;padding:.6rem 1rem;margin:.5rem .5rem 0 0;border-radius:4px;cursor:pointer}#approve{background:#0b6e4f;color:#fff;border:1px solid #0b6e4f}#cancel{background:#fff;border:1px solid #1f2933}</style></head>
<body data-wallet="${wallet}" data-origin="${origin}" data-usage="${usage}">
<main>
<h1>${name} sandbox</h1>
<p>Approve a payment of ${amount} ${currency} to the merchant? This is the payments sandbox: nothing is charged.</p>
<button type="button" id="approve">Approve</button>
<button type="button" id="cancel">Cancel</button>
</main>
<script src="/wallets/popup.js"></script>
</body>
</html>`;
}

const POPUP_SCRIPT = `(function () {
  var wallet = document.body.dataset.wallet;
  var origin = document.body.dataset.origin;
  var usage = document.body.dataset.usage;
  function send(message) {
    if (window.opener) window.opener.postMessage(Object.assign({ source: 'ofw-sandbox-wallet', wallet: wallet }, message), origin);
    window.close();
  }
  document.getElementById('approve').addEventListener('click', function () {
    fetch('/v1/wallets/' + wallet + '/approve?usage=' + encodeURIComponent(usage), { method: 'POST' })
      .then(function (r) { return r.json(); })
      .then(function (payload) { send({ type: 'approved', payload: payload }); });
  });
  document.getElementById('cancel').addEventListener('click', function () { send({ type: 'canceled' }); });
})();`;

export function registerWallets(
  app: Hono,
  { store, allowedOrigins }: { store: SandboxStore; allowedOrigins: readonly string[] },
): void {
  app.get('/wallets/popup.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(POPUP_SCRIPT);
  });

  app.get('/wallets/:wallet/popup', (c) => {
    const wallet = c.req.param('wallet');
    const query = z
      .object({
        origin: z.url(),
        amount: z
          .string()
          .regex(/^\d+(\.\d{1,2})?$/)
          .default('0.00'),
        currency: z
          .string()
          .regex(/^[A-Z]{3}$/)
          .default('USD'),
        flow: z.enum(['checkout', 'vault']).default('checkout'),
        requestBillingAgreement: z.enum(['true', 'false']).default('false'),
        paymentMethodUsage: z.enum(['single_use', 'multi_use']).default('multi_use'),
      })
      .safeParse(c.req.query());
    if (!isWallet(wallet) || !query.success)
      return c.html(errorPage('Invalid wallet request', 'Unknown wallet or parameters.'), 400);
    const origin = new URL(query.data.origin).origin;
    if (!allowedOrigins.includes(origin))
      return c.html(errorPage('Origin not allowed', `${origin} is not in SANDBOX_ALLOWED_ORIGINS.`), 403);
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'",
    );
    c.header('Cache-Control', 'no-store');
    // braintree-web paypal-checkout `createPayment({ flow, requestBillingAgreement })`: a checkout with a billing
    // agreement is vaultable like the vault flow; venmo `create({ paymentMethodUsage })`
    const paypalUsage = query.data.requestBillingAgreement === 'true' ? 'vault' : query.data.flow;
    const usage = wallet === 'paypal' ? paypalUsage : query.data.paymentMethodUsage;
    return c.html(popupPage(wallet, origin, query.data.amount, query.data.currency, usage));
  });

  registerApplePay(app, store);

  // Called by the popup (same origin): a single-use nonce for the approved wallet account.
  app.post('/v1/wallets/:wallet/approve', (c) => {
    const wallet = c.req.param('wallet');
    if (!isWallet(wallet)) return c.json({ error: { message: 'Unknown wallet.' } }, 404);
    const kind = WALLETS[wallet].kind;
    // PayPal defaults to a one-time checkout (not vaultable), Venmo to multi_use (vaultable), as braintree-web does
    const usage = c.req.query('usage') ?? (wallet === 'paypal' ? 'checkout' : 'multi_use');
    const usages: readonly string[] = wallet === 'paypal' ? ['checkout', 'vault'] : ['single_use', 'multi_use'];
    if (!usages.includes(usage))
      return c.json({ error: { message: `usage must be one of ${usages.join(', ')}` } }, 400);
    const vaultable = usage === 'vault' || usage === 'multi_use';
    const username = '@venmojoe';
    const email = 'jane.doe@example.com';
    const nonce = store.createNonce(
      {
        kind,
        bin: '',
        lastFour: '',
        cardType: WALLETS[wallet].name,
        expirationMonth: '',
        expirationYear: '',
        ...(wallet === 'venmo' ? { username } : { email }),
        vaultable,
        walletUsage: usage as Usage,
      },
      wallet === 'venmo' ? 'fake-venmo_sb' : 'fake-paypal_sb',
    );
    if (wallet === 'venmo') {
      return c.json({ nonce, type: 'VenmoAccount', details: { username, paymentContextId: randomId(24) } });
    }
    return c.json({
      nonce,
      type: 'PayPalAccount',
      details: { email, payerId: randomId(13).toUpperCase(), firstName: 'Jane', lastName: 'Doe', countryCode: 'US' },
      creditFinancingOffered: {},
    });
  });
}

/** Apple Pay's stand-ins: merchant validation and tokenization to an `ApplePayCard` nonce (vaultable, as on Braintree). */
function registerApplePay(app: Hono, store: SandboxStore): void {
  // Apple Pay stand-ins (spec §7 apple_pay_web/sessions and payment_methods/apple_payment_tokens). Browsers without
  // ApplePaySession never get here (support is false there, as in reality).
  app.post('/v1/browser/apple-pay/sessions', async (c) => {
    const body = z
      .object({ validationURL: z.url(), displayName: z.string().min(1), domainName: z.string().min(1) })
      .safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json({ error: { message: 'validationURL and displayName are required.' } }, 422);
    const now = store.now();
    return c.json({
      merchantSessionIdentifier: randomId(32),
      displayName: body.data.displayName,
      domainName: body.data.domainName,
      epochTimestamp: now,
      expiresAt: now + 60 * 60 * 1000,
      nonce: randomId(8),
    });
  });

  app.post('/v1/browser/apple-pay/tokenize', async (c) => {
    const body = z.object({ token: z.unknown() }).safeParse(await c.req.json().catch(() => undefined));
    if (!body.success || body.data.token === undefined || body.data.token === null)
      return c.json({ error: { message: 'A payment token is required.' } }, 422);
    const card = {
      kind: 'ApplePayCard' as const,
      bin: '401288',
      lastFour: '1881',
      cardType: 'Apple Pay - Visa',
      expirationMonth: '12',
      expirationYear: '2030',
    };
    const nonce = store.createNonce(card, 'tokenapplepay_sb');
    return c.json({
      nonce,
      type: 'ApplePayCard',
      description: 'Apple Pay - Visa',
      details: { cardType: 'Apple Pay - Visa', cardHolderName: '', dpanLastTwo: '81' },
    });
  });
}
