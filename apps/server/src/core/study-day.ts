const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD' of the study day in the configured time zone. */
export function studyDay(ms: number, timeZone: string): string {
  // making a DateTimeFormat costs far more than using one: keep one per zone
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(ms);
}
