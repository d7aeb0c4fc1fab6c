/** The zone a term's calendar dates are taken in when the parent's own is missing or unknown: `'UTC'`. */
export const FALLBACK_TERM_TIME_ZONE = 'UTC';

/**
 * The IANA time zone a parent's term is dated in (spec §3 "Join state" `parent.timeZone`, e.g. `America/New_York`):
 * the parent's own zone when the platform's `Intl` knows it, else {@link FALLBACK_TERM_TIME_ZONE}. A term's start and
 * end dates (`termEnd`) and every date a receipt shows (confirmation, receipt e-mail, printable receipt) are taken in
 * this zone, so a parent reads the same calendar dates everywhere, whatever zone the server or the reader runs in.
 *
 * The spec only bounds `timeZone` as a string; a value no `Intl.DateTimeFormat` accepts (a typo, an empty string, an
 * offset the platform does not list) must not fail a paid order or a receipt, so it falls back instead of throwing.
 *
 * @param timeZone - the parent's `timeZone` as stored, or null/undefined when none is known.
 * @returns a time-zone name `Intl.DateTimeFormat`'s `timeZone` option accepts.
 */
export function termTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return FALLBACK_TERM_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return FALLBACK_TERM_TIME_ZONE;
  }
}
