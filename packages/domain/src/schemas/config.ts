/**
 * Configuration entities of spec §3 "Other entities" and §9: country options, experiments, feature flags, the
 * legal links and the `GET /payments/config` answer.
 *
 * @module
 */
import * as z from 'zod';

/** §3 Country option: key, value, name, label. */
export const CountryOptionSchema = z.object({
  key: z.string(),
  value: z.string(),
  name: z.string(),
  label: z.string(),
});
/** §3 Country option: key, value, name, label. */
export type CountryOption = z.infer<typeof CountryOptionSchema>;

/** §3 Experiment: name, value ('treatment'). */
export const ExperimentSchema = z.object({ name: z.string(), value: z.string() });
/** §3 Experiment: name, value (`'treatment'` for the treatment arm). */
export type Experiment = z.infer<typeof ExperimentSchema>;

/** §5 / §9 feature flags: Apple Pay, CAD PayPal, Venmo. */
export const FeatureFlagsSchema = z.object({
  applePay: z.boolean().default(false),
  cadPayPal: z.boolean().default(false),
  venmo: z.boolean().default(false),
});
/** §5 / §9 feature flags: applePay, cadPayPal, venmo (each defaults to `false` when parsed). */
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

/**
 * The addresses of the legal documents the terms list links to (§2 "A terms-and-conditions list"), for one UI locale.
 */
export const LegalLinksSchema = z.object({ termsOfService: z.url(), privacyPolicy: z.url() });
/** The Terms of Service and Privacy Policy addresses of one UI locale (see {@link LegalLinksSchema}). */
export type LegalLinks = z.infer<typeof LegalLinksSchema>;

/**
 * `GET /payments/config` answer (docs/CONTRACTS.md): the payment driver the browser uses, its authorization and
 * the §9 feature flags, and the legal documents' addresses per UI locale. The one home of this shape: @ofw/api-client's contract and @ofw/payments' config use it.
 */
export const PaymentsConfigSchema = z.discriminatedUnion('driver', [
  z.object({
    driver: z.literal('sandbox'),
    /** A client token from the sandbox (`POST /v1/client_token`), one per request; 3D Secure needs one. */
    authorization: z.string().min(1),
    /** Origin of apps/payments-sandbox, e.g. http://localhost:3010. */
    sandboxUrl: z.string(),
    displayName: z.string(),
    flags: FeatureFlagsSchema,
    /** The legal documents per UI locale (`en-US`, `en-GB`, `es-US`, `es-MX`); absent from an older server. */
    legal: z.record(z.string(), LegalLinksSchema).optional(),
  }),
  z.object({
    driver: z.literal('braintree'),
    /** A Braintree client token (`clientToken.generate`) or, without 3D Secure, a tokenization key. */
    authorization: z.string().min(1),
    displayName: z.string(),
    flags: FeatureFlagsSchema,
    /** The legal documents per UI locale (`en-US`, `en-GB`, `es-US`, `es-MX`); absent from an older server. */
    legal: z.record(z.string(), LegalLinksSchema).optional(),
  }),
]);
/** `GET /payments/config` answer (see {@link PaymentsConfigSchema}). */
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;
