import { z } from "zod";

// Date ranges of the dashboard and the reports, in shop days: India's calendar days (IST,
// UTC+05:30 all year: India keeps no daylight saving, so the offset is exact). A range names its
// first and last day (both included); its window of instants runs from the first day's IST
// midnight to the IST midnight after the last day. Client-safe.

export type Preset = { value: string; label: string };

export const DASHBOARD_PRESETS = [
  { value: "today", label: "Today" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
] as const satisfies readonly Preset[];

export const REPORT_PRESETS = [
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "this_month", label: "This month" },
  { value: "last_month", label: "Last month" },
] as const satisfies readonly Preset[];

/** The longest custom range: about two years. */
export const MAX_RANGE_DAYS = 731;

export type DayRange = {
  preset: string;
  /** YYYY-MM-DD, IST, included. */
  fromDay: string;
  toDay: string;
  days: number;
};

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 86_400_000;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The IST calendar day of an instant, YYYY-MM-DD. */
export function istDay(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
}
function dayOf(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}
export function addDays(day: string, n: number): string {
  return dayOf(dayNumber(day) + n);
}
function isRealDay(day: string): boolean {
  return dayPattern.test(day) && dayOf(dayNumber(day)) === day;
}

/** The instants of a range: [IST midnight starting fromDay, IST midnight after toDay). */
export function windowOf(range: Pick<DayRange, "fromDay" | "toDay">): { from: Date; to: Date } {
  return { from: new Date(dayNumber(range.fromDay) * DAY_MS - IST_OFFSET_MS), to: new Date((dayNumber(range.toDay) + 1) * DAY_MS - IST_OFFSET_MS) };
}

/** The period of equal length just before. */
export function previousRange(range: DayRange): DayRange {
  return { preset: range.preset, fromDay: addDays(range.fromDay, -range.days), toDay: addDays(range.fromDay, -1), days: range.days };
}

function make(preset: string, fromDay: string, toDay: string): DayRange {
  return { preset, fromDay, toDay, days: dayNumber(toDay) - dayNumber(fromDay) + 1 };
}

/** A preset's days, counted back from today (IST). */
export function presetRange(preset: string, today: string): DayRange | null {
  switch (preset) {
    case "today":
      return make(preset, today, today);
    case "7d":
      return make(preset, addDays(today, -6), today);
    case "30d":
      return make(preset, addDays(today, -29), today);
    case "this_month":
      return make(preset, `${today.slice(0, 7)}-01`, today);
    case "last_month": {
      const firstOfThis = `${today.slice(0, 7)}-01`;
      const last = addDays(firstOfThis, -1);
      return make(preset, `${last.slice(0, 7)}-01`, last);
    }
    default:
      return null;
  }
}

const rangeQuery = z.object({
  range: z.string().max(20).optional(),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
});

export type ParsedRange = { range: DayRange; error: string | null };

/**
 * The range a GET form asked for: one of the presets, or "custom" with from/to days. Anything wrong falls back to
 * the default preset with a message to show (the page still answers).
 */
export function parseRange(params: URLSearchParams, opts: { today: string; presets: readonly Preset[]; fallback: string }): ParsedRange {
  const fallback = presetRange(opts.fallback, opts.today)!;
  const parsed = rangeQuery.safeParse({ range: params.get("range") ?? undefined, from: params.get("from") ?? undefined, to: params.get("to") ?? undefined });
  if (!parsed.success) return { range: fallback, error: "That range could not be read: showing the default." };
  const { range = opts.fallback, from, to } = parsed.data;
  if (range !== "custom" && !opts.presets.some((p) => p.value === range)) return { range: fallback, error: "Unknown range: showing the default." };
  if (range !== "custom") return { range: presetRange(range, opts.today)!, error: null };
  if (!from || !to || !isRealDay(from) || !isRealDay(to)) return { range: fallback, error: "Enter both dates of a custom range." };
  if (from > to) return { range: fallback, error: "The start date is after the end date." };
  const custom = make("custom", from, to);
  if (custom.days > MAX_RANGE_DAYS) return { range: fallback, error: `A range can be at most ${MAX_RANGE_DAYS} days.` };
  return { range: custom, error: null };
}

const dayLabel = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "1 Nov 2026 – 25 Nov 2026", or one day. */
export function describeRange(range: Pick<DayRange, "fromDay" | "toDay">): string {
  const f = dayLabel.format(new Date(dayNumber(range.fromDay) * DAY_MS));
  if (range.fromDay === range.toDay) return f;
  return `${f} – ${dayLabel.format(new Date(dayNumber(range.toDay) * DAY_MS))}`;
}

/** "+12% vs previous 7 days": the change of a figure against the period before. */
export function changeOf(current: number, previous: number, days: number): { text: string; tone: "up" | "down" | "flat" } {
  const period = days === 1 ? "previous day" : `previous ${days} days`;
  if (current === previous) return { text: `No change vs ${period}`, tone: "flat" };
  if (previous === 0) return { text: `Up from none in the ${period}`, tone: current > 0 ? "up" : "down" };
  const pct = ((current - previous) / Math.abs(previous)) * 100;
  const shown = Math.abs(pct) >= 10 ? Math.round(pct) : Math.round(pct * 10) / 10;
  return { text: `${shown > 0 ? "+" : ""}${shown}% vs ${period}`, tone: pct > 0 ? "up" : "down" };
}

/** "2026-11-25 14:05" in India's time. */
export function istDateTime(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}
