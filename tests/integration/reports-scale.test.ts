import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders } from "~/modules/orders/schema";
import { buildReport, dashboardFigures, refreshSalesRollup } from "~/modules/reports/reports.server";
import { istDay, parseRange, DASHBOARD_PRESETS } from "~/modules/reports/reports";
import type { AppServices } from "~/services.server";
import { seedBulkOrders } from "../support/bulk-orders";
import { DRIVERS } from "../support/test-database";
import { openTestServices } from "../support/test-services";

// The dashboard with 100,000 orders in the database. Budgets are measured by `npm run bench`
// (docs/performance.md); this test only guards against a query that stops using its index, with a
// bound generous enough for a busy CI machine (the budget is 300 ms server time).

const ORDERS = 100_000;

describe.each(DRIVERS)("the dashboard with %i orders on %s".replace("%i", ORDERS.toLocaleString("en-IN")), (kind) => {
  let services: AppServices;
  beforeAll(async () => {
    services = await openTestServices(kind);
    const started = performance.now();
    await seedBulkOrders(services.db, ORDERS);
    console.log(`${kind}: seeded ${ORDERS} orders in ${Math.round(performance.now() - started)} ms`);
  }, 300_000);
  afterAll(() => services?.close());

  async function timed(run: () => Promise<unknown>): Promise<number> {
    await run();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[2]!;
  }

  it("loads each range's figures well under the bound", async () => {
    const today = istDay(new Date());
    let started = performance.now();
    await refreshSalesRollup(services.db);
    console.log(`${kind}: first refresh of the roll-up (every day of a year): ${Math.round(performance.now() - started)} ms`);
    await services.db.update(orders).set({ refundedPaise: 100 }).where(eq(orders.number, "BULK-15"));
    started = performance.now();
    await refreshSalesRollup(services.db);
    console.log(`${kind}: refresh after one old order changed: ${Math.round(performance.now() - started)} ms`);
    for (const preset of ["today", "7d", "30d"]) {
      const { range } = parseRange(new URLSearchParams({ range: preset }), { today, presets: DASHBOARD_PRESETS, fallback: "7d" });
      const ms = await timed(() => dashboardFigures(services.db, ["super_admin"], range));
      console.log(`${kind}: dashboard ${preset}: median ${ms.toFixed(0)} ms`);
      expect(ms).toBeLessThan(1500);
    }
    const { range: year } = parseRange(new URLSearchParams({ range: "custom", from: "2025-11-26", to: today }), { today, presets: DASHBOARD_PRESETS, fallback: "7d" });
    console.log(`${kind}: dashboard a year: median ${(await timed(() => dashboardFigures(services.db, ["super_admin"], year))).toFixed(0)} ms`);
    const { range: month } = parseRange(new URLSearchParams({ range: "30d" }), { today, presets: DASHBOARD_PRESETS, fallback: "7d" });
    const gst = await timed(() => buildReport(services.db, "gst", month));
    console.log(`${kind}: GST report 30 days: median ${gst.toFixed(0)} ms`);
    const figures = await dashboardFigures(services.db, ["super_admin"], month);
    expect(figures.sales!.current.orders).toBeGreaterThan(5000);
    // A full roll-up and some 40 runs of the figures over 100,000 orders: over 60 s on PGlite with
    // both cores busy (load average 10-12). The bounds above guard the queries; this only keeps a
    // busy machine from failing a test whose answers are right.
  }, 240_000);
});
