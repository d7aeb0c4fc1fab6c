/**
 * Hosted field definitions shared by the frame page (server) and the frame script (browser).
 * Keys are braintree-web's hosted field types (§2 "Allowed hosted field types").
 */
import type { HostedFieldKey } from '@ofw/payments/protocol';

/** A hosted field key; the protocol (`@ofw/payments/protocol`) is the one home of the list. */
export type FieldKey = HostedFieldKey;

export type Locale = 'en' | 'es';

interface FieldDefinition {
  label: Record<Locale, string>;
  title: Record<Locale, string>;
  autocomplete: string;
  inputMode: 'numeric' | 'text';
  /** §3 "Hosted field defaults": default maximum length (of the digits/characters, not counting formatting). */
  maxLength: number;
}

export const FIELDS: Record<FieldKey, FieldDefinition> = {
  number: {
    label: { en: 'Card number', es: 'Número de tarjeta' },
    title: { en: 'Secure card number field', es: 'Campo seguro del número de tarjeta' },
    autocomplete: 'cc-number',
    inputMode: 'numeric',
    maxLength: 19,
  },
  expirationDate: {
    label: { en: 'Expiration date', es: 'Fecha de vencimiento' },
    title: { en: 'Secure expiration date field', es: 'Campo seguro de la fecha de vencimiento' },
    autocomplete: 'cc-exp',
    inputMode: 'numeric',
    maxLength: 7,
  },
  expirationMonth: {
    label: { en: 'Expiration month', es: 'Mes de vencimiento' },
    title: { en: 'Secure expiration month field', es: 'Campo seguro del mes de vencimiento' },
    autocomplete: 'cc-exp-month',
    inputMode: 'numeric',
    maxLength: 2,
  },
  expirationYear: {
    label: { en: 'Expiration year', es: 'Año de vencimiento' },
    title: { en: 'Secure expiration year field', es: 'Campo seguro del año de vencimiento' },
    autocomplete: 'cc-exp-year',
    inputMode: 'numeric',
    maxLength: 4,
  },
  cvv: {
    label: { en: 'CVV', es: 'CVV' },
    title: { en: 'Secure CVV field', es: 'Campo seguro del CVV' },
    autocomplete: 'cc-csc',
    inputMode: 'numeric',
    maxLength: 3,
  },
  postalCode: {
    label: { en: 'Postal code', es: 'Código postal' },
    title: { en: 'Secure postal code field', es: 'Campo seguro del código postal' },
    autocomplete: 'postal-code',
    inputMode: 'text',
    maxLength: 8,
  },
  cardholderName: {
    label: { en: 'Name on card', es: 'Nombre en la tarjeta' },
    title: { en: 'Secure cardholder name field', es: 'Campo seguro del nombre del titular' },
    autocomplete: 'cc-name',
    inputMode: 'text',
    maxLength: 255,
  },
};
