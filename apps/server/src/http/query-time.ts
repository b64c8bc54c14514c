import { isStorableTime, startsWithCalendarDay } from '@shop/contract/storable-time';

/** The 400s of a back-office list's `from`/`to` filter (orders, audit log). */
export const timeFilterMessages = {
  badDate: 'Use a date like 2026-11-25 or 2026-11-25T14:30:00Z.',
  badRange: '"from" must not be after "to".',
} as const;

const DAY_MS = 24 * 3_600_000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A `from`/`to` filter of a back-office list, read as the owner means it: a bare day
 * (`2026-11-25`) starts at midnight at `dayOffset` (`+05:30` for India's day, `Z` for UTC) and, as
 * an `endOfDay` bound, covers that whole day; a full ISO time (`2026-11-25T14:30:00Z`) is taken as
 * it is. Undefined for anything else — text that is not a time, a day that is not on the calendar
 * (30 February would roll over into March), a year the database cannot keep (`storable-time.ts`)
 * — so each list answers its own 400.
 */
export function queryTimeOf(value: string, dayOffset: '+05:30' | 'Z', endOfDay: boolean): Date | undefined {
  if (!startsWithCalendarDay(value)) return undefined;
  const day = DAY_ONLY.test(value);
  const at = Date.parse(day ? `${value}T00:00:00${dayOffset}` : value);
  const time = day && endOfDay ? at + DAY_MS : at;
  return isStorableTime(time) ? new Date(time) : undefined;
}
