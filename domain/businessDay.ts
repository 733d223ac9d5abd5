/**
 * The developer's business runs on Tbilisi time (UTC+4, no daylight saving since 2005): "today" for overdue days,
 * due dates, reminders and reports is the calendar day in Tbilisi, on the server and in every browser.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Tbilisi';

const dayInTbilisi = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The business day (YYYY-MM-DD in Tbilisi) of an instant, now by default. */
export const businessToday = (now: Date = new Date()) => dayInTbilisi.format(now);

/** Tbilisi keeps UTC+4 all year, so a business day starts at 20:00 UTC the day before. */
const TBILISI_OFFSET = '+04:00';

/** The instant a business day (YYYY-MM-DD) starts: the lower bound of a period filter on a timestamp. */
export const businessDayStart = (day: string) => new Date(`${day}T00:00:00${TBILISI_OFFSET}`);

/** The instant a business day ends (the next day's start): the exclusive upper bound of a period filter. */
export const businessDayEnd = (day: string) => new Date(businessDayStart(day).getTime() + 86_400_000);
