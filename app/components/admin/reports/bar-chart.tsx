import { lazy, Suspense, useEffect, useState } from "react";
import type { ChartDrawingProps } from "./chart-drawing";

// A chart of one table's rows. The chart is a picture of the table beside it: it is one image to
// assistive technology, named by a sentence summing it up, and the table is the text alternative.
// Drawn after hydration (recharts measures its box in the browser), from code loaded then: the
// server never renders it, so it never loads recharts (a second of the first request after every
// start), and the screen's own script does not wait for it. Until it is drawn its box keeps its
// height, so nothing moves.

const ChartDrawing = lazy(() => import("./chart-drawing"));

type ReportChartProps = Omit<ChartDrawingProps, "type" | "money"> &
  Partial<Pick<ChartDrawingProps, "type" | "money">> & {
    /** What the chart shows, in a sentence: its accessible name. */
    summary: string;
    height?: number;
  };

export function ReportChart({ type = "bar", money = true, summary, height = 260, ...drawing }: ReportChartProps) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => setDrawn(true), []);
  return (
    <figure role="img" aria-label={summary} className="w-full" style={{ height }}>
      {drawn ? (
        <Suspense fallback={null}>
          <ChartDrawing {...drawing} type={type} money={money} />
        </Suspense>
      ) : null}
    </figure>
  );
}
