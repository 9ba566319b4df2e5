import { DateTime } from 'luxon';

/** Noon of a school-local date: a moment that stays on that date in the school's zone and near it anywhere. */
export const toInstantAtNoon = (date: string, timeZone: string) => DateTime.fromISO(`${date}T12:00`, { zone: timeZone }).toJSDate();

/** The instant a school-local day starts. */
export const startOfSchoolDay = (date: string, timeZone: string) => DateTime.fromISO(date, { zone: timeZone }).startOf('day').toJSDate();
