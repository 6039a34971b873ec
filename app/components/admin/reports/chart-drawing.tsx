import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatPaise } from "~/lib/money";

// The drawing of a report chart (recharts), loaded by bar-chart.tsx once the screen has hydrated.

export type ChartSeries = { key: string; label: string };

export type ChartDrawingProps = {
  rows: readonly Record<string, string | number>[];
  x: string;
  series: readonly ChartSeries[];
  type: "bar" | "line";
  money: boolean;
};

const COLOURS = ["#0f766e", "#1d4ed8", "#b45309", "#7c3aed"];

export default function ChartDrawing({ rows, x, series, type, money }: ChartDrawingProps) {
  const format = (v: number) => (money ? formatPaise(v) : v.toLocaleString("en-IN"));
  const Chart = type === "line" ? LineChart : BarChart;
  return (
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
  );
}
