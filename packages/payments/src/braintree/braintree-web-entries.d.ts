// braintree-web's per-module CommonJS entry points, which @ofw/payments imports (src/braintree/modules.ts), typed by
// @types/braintree-web's module of the same name (which types `braintree-web/<module>` only).
declare module 'braintree-web/client/index.js' {
  export * from 'braintree-web/client';
}
declare module 'braintree-web/hosted-fields/index.js' {
  export * from 'braintree-web/hosted-fields';
}
declare module 'braintree-web/three-d-secure/index.js' {
  export * from 'braintree-web/three-d-secure';
}
declare module 'braintree-web/apple-pay/index.js' {
  export * from 'braintree-web/apple-pay';
}
declare module 'braintree-web/venmo/index.js' {
  export * from 'braintree-web/venmo';
}
declare module 'braintree-web/paypal-checkout/index.js' {
  export * from 'braintree-web/paypal-checkout';
}
declare module 'braintree-web/data-collector/index.js' {
  export * from 'braintree-web/data-collector';
}
