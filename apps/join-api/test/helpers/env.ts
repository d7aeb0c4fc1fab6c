/**
 * join-api's settings for Braintree's `Development` environment on a gateway at 127.0.0.1:`port` (apps/payments-sandbox's
 * Braintree gateway API, docs/PAYMENTS.md): its merchant, keys and one merchant account per catalogue currency.
 */
export function braintreeDevEnv(port: number, driver: 'braintree' | 'sandbox' = 'braintree'): Record<string, string> {
  return {
    PAYMENTS_DRIVER: driver,
    BRAINTREE_ENVIRONMENT: 'Development',
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: String(port),
    GATEWAY_SSL: 'false',
    BRAINTREE_MERCHANT_ID: 'ofw_sandbox',
    BRAINTREE_PUBLIC_KEY: 'sandbox_public_key',
    BRAINTREE_PRIVATE_KEY: 'sandbox_private_key',
    BRAINTREE_MERCHANT_ACCOUNTS: 'USD:ofw_usd,GBP:ofw_gbp,CAD:ofw_cad,AUD:ofw_aud,NZD:ofw_nzd',
  };
}

/** A production environment that passes every rule (SECURITY.md "Production by default", src/env-production.ts). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PAYMENTS_DRIVER: 'braintree',
  BRAINTREE_ENVIRONMENT: 'Production',
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
  BRAINTREE_MERCHANT_ACCOUNTS: 'USD:a,GBP:b,CAD:c,AUD:d,NZD:e',
  PUBLIC_URL: 'https://join.example',
  SMTP_URL: 'smtps://user:pass@mail.example:465',
  MAIL_FROM: 'OurFamilyWizard <no-reply@ourfamilywizard.com>',
  DATABASE_URL: 'postgres://join:secret@db.internal:5432/join?sslmode=verify-full',
  TRUSTED_PROXIES: '10.0.0.0/8',
  OPS_EMAIL: 'payments-ops@ourfamilywizard.example',
  SELLER_NAME: 'OurFamilyWizard Ltd',
  SELLER_ADDRESS: '1 Example Street, London EC1A 1AA, United Kingdom',
  SELLER_VAT_NUMBER: 'GB123456789',
  RECEIPT_LINK_SECRET: 'production-receipt-link-secret-0123456789abcdef',
};
