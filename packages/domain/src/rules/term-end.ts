import { Temporal } from '@js-temporal/polyfill';
import { termTimeZone } from './term-time-zone.js';

/** A subscription term's length in years (spec §3 "Package" `subDurationInYears`: 1 or 2). */
export type TermYears = 1 | 2;

/**
 * When a term bought at `startsAt` ends (spec §3 "Package" `subDurationInYears`, 1 or 2 years): on the same calendar
 * date one or two years later, at the same wall-clock time, in the parent's time zone (spec §3 "Join state"
 * `parent.timeZone`, through {@link termTimeZone}). A term bought on 29 February ends on 28 February (no 29 February
 * that year: the date is constrained to the month's last day). Calendar arithmetic, not milliseconds: a year is 365
 * or 366 days, as the calendar has it (Temporal `ZonedDateTime.add({ years })`, overflow `constrain`).
 *
 * Why the parent's zone: the date a parent reads on the receipt is a date in their own zone — a term bought on
 * 29 February 2028 at 23:30 in New York (1 March 04:30 UTC) ends on 28 February 2029 at 23:30 in New York, not on
 * 1 March. When that wall-clock time does not exist on the end date (a daylight-saving gap) the instant is the one
 * just after the gap; when it exists twice (the clocks go back), the earlier one (Temporal's `compatible`
 * disambiguation, as RFC 5545 resolves local times).
 *
 * @param startsAt - the instant the term starts (the order is paid).
 * @param years - the term length in years, 1 or 2.
 * @param timeZone - the parent's IANA time zone as stored; missing or unknown falls back to UTC.
 * @returns the instant the term ends (millisecond precision).
 * @throws RangeError when `startsAt` is not a valid date or `years` is not 1 or 2.
 */
export function termEnd(startsAt: Date, years: TermYears, timeZone: string | null | undefined): Date {
  if (!(startsAt instanceof Date) || Number.isNaN(startsAt.getTime()))
    throw new RangeError('termEnd: startsAt must be a valid Date');
  if (years !== 1 && years !== 2) throw new RangeError(`termEnd: a term of ${String(years)} years`);
  const start = Temporal.Instant.fromEpochMilliseconds(startsAt.getTime()).toZonedDateTimeISO(termTimeZone(timeZone));
  const end = start.add({ years }, { overflow: 'constrain' });
  return new Date(end.epochMilliseconds);
}

/**
 * The calendar date (`YYYY-MM-DD`) of an instant in the parent's time zone ({@link termTimeZone}): the date a receipt
 * prints for a term's start or end (spec §3 "Join state" `parent.timeZone`).
 *
 * @param at - the instant.
 * @param timeZone - the parent's IANA time zone as stored; missing or unknown falls back to UTC.
 * @returns ISO 8601 calendar date, e.g. `"2029-02-28"`.
 */
export function termDate(at: Date, timeZone: string | null | undefined): string {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime())
    .toZonedDateTimeISO(termTimeZone(timeZone))
    .toPlainDate()
    .toString();
}
