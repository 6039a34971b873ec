import { useEffect, useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatPaise } from "~/lib/money";

// A chart of one table's rows (recharts; only admin routes import this file, so the storefront's
// bundle never carries it). The chart is a picture of the table beside it: it is one image to
// assistive technology, named by a sentence summing it up, and the table is the text alternative.
// Drawn after hydration (recharts measures its box in the browser); until then its box keeps its
// height, so nothing moves.

export type ChartSeries = { key: string; label: string };

const COLOURS = ["#0f766e", "#1d4ed8", "#b45309", "#7c3aed"];

export function ReportChart({
  rows,
  x,
  series,
  type = "bar",
  summary,
  money = true,
  height = 260,
}: {
  rows: readonly Record<string, string | number>[];
  x: string;
  series: readonly ChartSeries[];
  type?: "bar" | "line";
  /** What the chart shows, in a sentence: its accessible name. */
  summary: string;
  money?: boolean;
  height?: number;
}) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => setDrawn(true), []);
  const format = (v: number) => (money ? formatPaise(v) : v.toLocaleString("en-IN"));
  const Chart = type === "line" ? LineChart : BarChart;
  return (
    <figure role="img" aria-label={summary} className="w-full" style={{ height }}>
      {drawn ? (
        <ResponsiveContainer width="100%" height="100%">
          <Chart data={rows as Record<string, string | number>[]} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#cbd5e1" />
            <XAxis dataKey={x} tick={{ fontSize: 12 }} />
            <YAxis tickFormatter={(v: number) => format(v)} tick={{ fontSize: 12 }} width={90} />
            <Tooltip formatter={(v) => format(Number(v))} />
            {series.length > 1 ? <Legend /> : null}
            {series.map((s, i) =>
              type === "line" ? (
                <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={COLOURS[i % COLOURS.length]} dot={false} isAnimationActive={false} />
              ) : (
                <Bar key={s.key} dataKey={s.key} name={s.label} fill={COLOURS[i % COLOURS.length]} isAnimationActive={false} />
              ),
            )}
          </Chart>
        </ResponsiveContainer>
      ) : null}
    </figure>
  );
}
