import { Temporal } from '@js-temporal/polyfill';
import { termTimeZone } from './term-time-zone.js';

/** Days before a term ends when a renewal reminder is e-mailed (30 and 7; the "come back" notice uses the same). */
export const RENEWAL_REMINDER_DAYS: readonly number[] = [30, 7];

/** Days after the first declined renewal when it is tried again (1, 3 and 7); after the last, the subscription ends. */
export const RENEWAL_RETRY_DAYS: readonly number[] = [1, 3, 7];

/** `at` moved by whole calendar days in the parent's zone, same wall-clock time (a day is 23–25 h across DST). */
function addDays(at: Date, days: number, timeZone: string | null | undefined): Date {
  const zoned = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(termTimeZone(timeZone));
  return new Date(zoned.add({ days }).epochMilliseconds);
}

/**
 * When a subscription ending at `expiresAt` renews: on the term's last day — one calendar day before its end, at the
 * same wall-clock time in the parent's zone (spec §3 "Join state" `parent.timeZone`) — so a declined card leaves a
 * day to act before the end, and the new term starts at `expiresAt` whatever day the charge landed (`termEnd` of it).
 *
 * @param expiresAt - the end of the current term (`termEnd`).
 * @param timeZone - the parent's IANA zone; missing or unknown: UTC.
 * @returns the instant the renewal is due.
 * @throws RangeError when `expiresAt` is not a valid date.
 */
export function renewalChargeAt(expiresAt: Date, timeZone: string | null | undefined): Date {
  if (Number.isNaN(expiresAt.getTime())) throw new RangeError('renewalChargeAt: expiresAt must be a valid Date');
  return addDays(expiresAt, -1, timeZone);
}

/**
 * When the reminder `daysBefore` the end of a term is due: the same wall-clock time that many calendar days before
 * `expiresAt` in the parent's zone (30 days before a yearly term that started on 29 November 2026 is 30 October 2027).
 *
 * @param expiresAt - the end of the current term.
 * @param daysBefore - one of {@link RENEWAL_REMINDER_DAYS} (any whole number of days 1–365).
 * @param timeZone - the parent's IANA zone; missing or unknown: UTC.
 * @throws RangeError when `expiresAt` is invalid or `daysBefore` is not a whole number 1–365.
 */
export function renewalReminderAt(expiresAt: Date, daysBefore: number, timeZone: string | null | undefined): Date {
  if (Number.isNaN(expiresAt.getTime())) throw new RangeError('renewalReminderAt: expiresAt must be a valid Date');
  if (!Number.isInteger(daysBefore) || daysBefore < 1 || daysBefore > 365)
    throw new RangeError(`renewalReminderAt: ${String(daysBefore)} days before`);
  return addDays(expiresAt, -daysBefore, timeZone);
}

/**
 * When a declined renewal is tried again: {@link RENEWAL_RETRY_DAYS}[retry − 1] calendar days after the first
 * declined attempt (`firstDeclinedAt`), or null when `retry` is past the last one (the subscription then ends).
 *
 * @param firstDeclinedAt - when the renewal was first declined.
 * @param retry - 1 for the first retry, 2 for the second…
 * @param timeZone - the parent's IANA zone; missing or unknown: UTC.
 * @throws RangeError when `retry` is not a positive whole number.
 */
export function renewalRetryAt(firstDeclinedAt: Date, retry: number, timeZone: string | null | undefined): Date | null {
  if (!Number.isInteger(retry) || retry < 1) throw new RangeError(`renewalRetryAt: retry ${String(retry)}`);
  const days = RENEWAL_RETRY_DAYS[retry - 1];
  return days === undefined ? null : addDays(firstDeclinedAt, days, timeZone);
}
