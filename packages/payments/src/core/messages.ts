/**
 * The §8 error catalogue: provider error codes → react-intl message ids, with the en-US default texts.
 * Where the spec gives a text (§8) it is the default; other texts are the product's own wording.
 * join-web keeps the translations (en-GB, es-US, es-MX) of every id listed in `paymentMessages`.
 * By topic under `messages/`: the descriptors, the parent-facing groups and the provider codes.
 */
export * from './messages/descriptors.js';
export * from './messages/groups.js';
export * from './messages/codes.js';
