import { z } from 'zod';

/**
 * Times the API accepts, within what the database can keep. PostgreSQL's `timestamptz` spans
 * 4713 BC to 294276 AD, but the driver sends a time as its ISO text, and the database refuses the
 * texts JavaScript writes for years before 1 (`0000-12-31T18:30:00Z`) or after 9999
 * (`+010000-01-01T00:00:00Z`): such a filter or schedule would fail its query (a 500). Every time
 * a request brings — a back-office filter, a coupon's or banner's schedule — is held to the years
 * 1 to 9999, after its offset is applied.
 */
export const storableTimeMessage = 'Use a date between the years 1 and 9999.';

/** True when `ms` (milliseconds since 1970) lies in the years 1 to 9999, in UTC. */
export function isStorableTime(ms: number): boolean {
  if (!Number.isFinite(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/**
 * True when `text` begins with a day of the calendar (`2026-11-25`); false for 30 February or a
 * 13th month, which `Date.parse` would roll over into the next month.
 */
export function startsWithCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO time with its offset (`2026-11-25T14:30:00+05:30`) that the database can keep. */
export const storableTimeField = z.iso
  .datetime({ offset: true })
  .refine((value) => isStorableTime(Date.parse(value)), storableTimeMessage);
