/**
 * The windows of the loss and deposit limits: calendar day, week (from Monday) and month in
 * UTC. Calendar windows, not rolling ones, so "until" is one clear time the same for every
 * trade of the window (midnight UTC, Monday, the 1st), which the page and the refusals show.
 */

const DAY_MS = 86_400_000;

export interface LimitWindow {
  startsAt: Date;
  endsAt: Date;
}

/** The UTC day that holds `nowMs`. */
export function dayWindow(nowMs: number): LimitWindow {
  const start = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return { startsAt: new Date(start), endsAt: new Date(start + DAY_MS) };
}

/** The UTC week (Monday 00:00 to the next Monday) that holds `nowMs`. */
export function weekWindow(nowMs: number): LimitWindow {
  const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday:
  const sinceMonday = (new Date(dayStart).getUTCDay() + 6) % 7;
  const start = dayStart - sinceMonday * DAY_MS;
  return { startsAt: new Date(start), endsAt: new Date(start + 7 * DAY_MS) };
}

/** The UTC calendar month that holds `nowMs`. */
export function monthWindow(nowMs: number): LimitWindow {
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    startsAt: new Date(Date.UTC(year, month, 1)),
    endsAt: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/** `months` calendar months after `from` (UTC), the day clamped to the month's last day. */
export function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}
