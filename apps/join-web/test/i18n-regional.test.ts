import { describe, expect, it } from 'vitest';
import enGB from '../src/i18n/lang/en-GB.json';
import enUS from '../src/i18n/lang/en-US.json';
import esMX from '../src/i18n/lang/es-MX.json';
import esUS from '../src/i18n/lang/es-US.json';

/**
 * Regional wording (docs/QUALITY.md "Four locales"): en-GB says in British English what en-US says in American English, and es-US uses
 * US-Spanish terms where they differ from Mexican Spanish. These ids must read differently in each pair; every other
 * id may well be the same (the languages agree there). The billing-address labels are chosen by the billing
 * country (billing.ts: a US address has a "State" and a "ZIP code" in any English), so they stay equal in en-GB.
 */
const EN_GB_DIFFERS_FROM_EN_US = [
  'details.lastName', // Surname / Last name
  'details.error.lastName',
  'payment.city', // Town or city / City
  'payment.expirationDate', // Expiry date / Expiration date
  'payment.error.expirationDate',
  'package.prorated', // pro rata / prorated
  'package.upgradeIntro',
  'faq.a2',
  'payment.threeDS.canceled', // cancelled / canceled
  'payments.threeDSecure.canceled',
  'payments.wallet.canceled',
  'payments.applePay.initializing', // initialising
  'payments.applePay.tokenizing', // tokenising
  'payments.error.authorizationInvalid', // authorisation, tokenisation
  'payments.error.insufficientPrivileges',
  'payments.frame.closed',
  'payments.hostedFields.fieldsEmpty',
  'payments.hostedFields.fieldsInvalid',
  'payments.threeDSecure.tokenizationKey',
] as const;

const ES_US_DIFFERS_FROM_ES_MX = [
  'payment.zip', // a US address: "Código postal (ZIP)", the term US forms in Spanish use
  // Mexican forms ask for given name(s) and both surnames (paterno y materno) — "Nombre(s)", "Apellidos" — where US
  // forms in Spanish ask for one "Nombre" and one "Apellido"
  'details.firstName',
  'details.lastName',
  'details.error.lastName',
  'payment.streetAddress', // "Calle y número" on a Mexican form; "Dirección" on a US one
] as const;

/** American spellings and terms that British English words differently (checked in every en-GB message). */
const AMERICAN =
  /\b(color|organiz\w*|cancel(?:ed|ing)|license|initializ\w*|tokeniz\w*|authoriz\w*|expiration|prorated|last name|cell(?:phone)?)\b/i;
/** en-GB ids that keep a US term on purpose: the labels of a US billing address (see above). */
const US_ADDRESS_FIELDS = new Set(['payment.state', 'payment.zip']);

type Catalogue = Record<string, string>;

function expectDiffer(ids: readonly string[], a: Catalogue, b: Catalogue, names: string) {
  for (const id of ids) {
    expect(a[id], `${names}: ${id} missing`).toEqual(expect.any(String));
    expect(b[id], `${names}: ${id} missing`).toEqual(expect.any(String));
    expect(a[id], `${names}: ${id} must differ`).not.toBe(b[id]);
  }
}

describe('regional wording', () => {
  it('en-GB words every pinned id differently from en-US', () => {
    expectDiffer(EN_GB_DIFFERS_FROM_EN_US, enGB, enUS, 'en-GB vs en-US');
  });

  it('es-US words every pinned id differently from es-MX', () => {
    expectDiffer(ES_US_DIFFERS_FROM_ES_MX, esUS, esMX, 'es-US vs es-MX');
  });

  it('en-GB uses no American spelling or term outside the US address fields', () => {
    const american = Object.entries(enGB as Catalogue).filter(
      ([id, text]) => !US_ADDRESS_FIELDS.has(id) && AMERICAN.test(text),
    );
    expect(american).toEqual([]);
  });

  it('es-US and es-MX both address the parent as tú (no usted forms)', () => {
    const usted = /\b(usted|ingrese|elija|escriba|intente|revise|seleccione|cuéntenos)\b/i;
    for (const catalogue of [esUS, esMX] as Catalogue[])
      for (const [id, text] of Object.entries(catalogue)) expect(text, id).not.toMatch(usted);
  });
});
