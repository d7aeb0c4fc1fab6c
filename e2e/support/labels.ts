/**
 * Accessible names the specs rely on (issue 2 "Labels the tests rely on", en-US) and their es-MX translations
 * (join-web's es-MX catalogue, the sandbox frames' Spanish labels). A spec in Spanish uses `ES_MX` throughout, so a
 * label left in English fails it.
 */
export interface Labels {
  locale: 'en-US' | 'es-MX';
  language: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: string;
  phoneNumber: string;
  country: string;
  continue: string;
  back: string;
  cardNumber: string;
  expirationDate: string;
  cvv: string;
  streetAddress: string;
  city: string;
  username: string;
  password: string;
  securityQuestion: (n: number) => string;
  answer: (n: number) => string;
  finish: string;
  /** The pay button's name starts with this verb (issue 2). */
  pay: RegExp;
}

export const EN_US: Labels = {
  locale: 'en-US',
  language: 'Language',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phoneCode: 'Country code',
  phoneNumber: 'Phone number',
  country: 'Country',
  continue: 'Continue',
  back: 'Back',
  cardNumber: 'Card number',
  expirationDate: 'Expiration date',
  cvv: 'CVV',
  streetAddress: 'Street address',
  city: 'City',
  username: 'Username',
  password: 'Password',
  securityQuestion: (n) => `Security question ${n}`,
  answer: (n) => `Answer ${n}`,
  finish: 'Finish',
  pay: /^Pay/,
};

export const ES_MX: Labels = {
  locale: 'es-MX',
  language: 'Idioma',
  firstName: 'Nombre',
  lastName: 'Apellido',
  email: 'Correo electrónico',
  phoneCode: 'Código de país',
  phoneNumber: 'Número de teléfono',
  country: 'País',
  continue: 'Continuar',
  back: 'Atrás',
  cardNumber: 'Número de tarjeta',
  expirationDate: 'Fecha de vencimiento',
  cvv: 'CVV',
  streetAddress: 'Dirección',
  city: 'Ciudad',
  username: 'Nombre de usuario',
  password: 'Contraseña',
  securityQuestion: (n) => `Pregunta de seguridad ${n}`,
  answer: (n) => `Respuesta ${n}`,
  finish: 'Finalizar',
  pay: /^Pagar/,
};

/** A billing address and the labels its country uses ("State"/"ZIP code" in the US, "County"/"Postcode" in the UK). */
export interface BillingAddress {
  streetAddress: string;
  city: string;
  regionLabel: string;
  region: string;
  postalLabel: string;
  postalCode: string;
}

export const US_BILLING: BillingAddress = {
  streetAddress: '1 Main Street',
  city: 'Seattle',
  regionLabel: 'State',
  region: 'WA',
  postalLabel: 'ZIP code',
  postalCode: '98101',
};

export const GB_BILLING: BillingAddress = {
  streetAddress: '10 Downing Street',
  city: 'London',
  regionLabel: 'County',
  region: 'Greater London',
  postalLabel: 'Postcode',
  postalCode: 'SW1A 2AA',
};

export const MX_US_BILLING: BillingAddress = { ...US_BILLING, regionLabel: 'Estado', postalLabel: 'Código postal' };
