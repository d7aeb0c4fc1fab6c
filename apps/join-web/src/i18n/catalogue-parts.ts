/**
 * Each locale's compiled catalogue is loaded in two parts: the `first` part holds what the first screen of
 * any route shows — the app shell, the step names, the details step and the invite pages — and the `later` part the
 * steps that come after (package, terms, payment and its provider's messages, account). A fresh visitor's first load
 * carries only the first part; the later part is fetched as soon as the first screen is up, and every later step
 * waits for it (`AllMessages`, I18nProvider.tsx). scripts/catalogue-parts.ts builds the parts from
 * src/i18n/compiled/<locale>.json with this rule.
 */

/** The message id areas (`area.thing`) of the first part. */
export const FIRST_SCREEN_AREAS: readonly string[] = ['app', 'steps', 'details', 'invite'];

/** Single ids of later areas that the first screen may show: the payment step's loading text (JoinStepper). */
export const FIRST_SCREEN_IDS: readonly string[] = ['payment.cardLoading'];

/** Whether message `id` belongs to the first part of a catalogue. */
export function isFirstScreenMessage(id: string): boolean {
  return FIRST_SCREEN_AREAS.includes(id.split('.')[0]!) || FIRST_SCREEN_IDS.includes(id);
}

/** The two parts of a catalogue. */
export type CataloguePart = 'first' | 'later';
