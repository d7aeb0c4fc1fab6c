/**
 * What names the sandbox's hosted-field frames: the iframe `title` per field and locale (each frame's accessible name,
 * WCAG 2.1 SC 4.1.2), and the random channel one set of frames talks on.
 */
import type { HostedFieldKey } from '../core/types.js';

/** The iframe titles, English and Spanish. */
export const FRAME_TITLES: Record<'en' | 'es', Record<HostedFieldKey, string>> = {
  en: {
    number: 'Secure card frame: Card number',
    expirationDate: 'Secure card frame: Expiration date',
    expirationMonth: 'Secure card frame: Expiration month',
    expirationYear: 'Secure card frame: Expiration year',
    cvv: 'Secure card frame: CVV',
    postalCode: 'Secure card frame: Postal code',
    cardholderName: 'Secure card frame: Name on card',
  },
  es: {
    number: 'Marco seguro de tarjeta: Número de tarjeta',
    expirationDate: 'Marco seguro de tarjeta: Fecha de vencimiento',
    expirationMonth: 'Marco seguro de tarjeta: Mes de vencimiento',
    expirationYear: 'Marco seguro de tarjeta: Año de vencimiento',
    cvv: 'Marco seguro de tarjeta: CVV',
    postalCode: 'Marco seguro de tarjeta: Código postal',
    cardholderName: 'Marco seguro de tarjeta: Nombre en la tarjeta',
  },
};

/** A fresh channel name for one set of frames (24 hex digits). */
export function randomChannel(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
