/** Braintree's tokenization key format: three underscore-separated alphanumeric parts (spec §5 "Card client"). */
export const TOKENIZATION_KEY = /^[a-zA-Z0-9]+_[a-zA-Z0-9]+_[a-zA-Z0-9_]+$/;
