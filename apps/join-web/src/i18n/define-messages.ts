import { defineMessages as defineTyped, type MessageDescriptor } from 'react-intl';

/**
 * react-intl's `defineMessages` with untyped values: react-intl 12 types a message's values from a generic the
 * caller must spell out; the app relies on `formatjs verify` (`pnpm i18n:verify`: same placeholders in every
 * locale) instead. Every message carries a translator `description` (ESLint's formatjs/enforce-description
 * says so too). The name stays `defineMessages` so `formatjs extract` finds the calls.
 */
export const defineMessages = defineTyped as unknown as <
  T extends Record<string, { id: string; description: string; defaultMessage: string }>,
>(
  messages: T,
) => { readonly [K in keyof T]: MessageDescriptor & { id: string; defaultMessage: string } };
