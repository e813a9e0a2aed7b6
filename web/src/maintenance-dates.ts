export type Unit = 'day' | 'week' | 'month' | 'year';

/** `date` moved on by `count` units (a month from 31 January is the last day of February) */
export function addInterval(date: Date, count: number, unit: Unit): Date {
  const next = new Date(date.getTime());
  if (unit === 'day' || unit === 'week') {
    next.setDate(next.getDate() + count * (unit === 'week' ? 7 : 1));
    return next;
  }
  const months = unit === 'year' ? count * 12 : count;
  const day = next.getDate();
  next.setDate(1);
  next.setMonth(next.getMonth() + months);
  const last = new Date(next.getFullYear(), next.getMonth() + 1, 0).getDate();
  next.setDate(Math.min(day, last));
  return next;
}

/** the first date on or after today in the series start, start + interval, start + 2 intervals ... */
export function nextDue(params: { start: Date; interval: { every: number; unit: Unit }; today: Date }): Date {
  const { start, interval } = params;
  const today = new Date(params.today.getFullYear(), params.today.getMonth(), params.today.getDate());
  let due = start;
  for (let step = 1; due < today && step < 100_000; step++)
    due = addInterval(start, interval.every * step, interval.unit);
  return due;
}
