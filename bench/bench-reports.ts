// `npx tsx bench/bench-reports.ts` (also part of `npm run bench`): the dashboard's and the GST
// report's server time with 100,000 orders, on PostgreSQL (a scratch database on BENCH_PG_URL's
// server) and on embedded PGlite. Orders are seeded in bulk (tests/support/bulk-orders.ts), the
// roll-up is built once, then each figure is the median of 7 runs after a warm-up. Prints JSON.
import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "~/db/database.server";
import { buildReport, dashboardFigures, refreshSalesRollup } from "~/modules/reports/reports.server";
import { DASHBOARD_PRESETS, istDay, parseRange, REPORT_PRESETS } from "~/modules/reports/reports";
import { seedBulkOrders } from "../tests/support/bulk-orders";

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const log = (...a: unknown[]) => console.error("bench-reports:", ...a);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return Math.round(times.sort((a, b) => a - b)[3]!);
}

async function measure(database: Database) {
  await database.migrate();
  let started = performance.now();
  await seedBulkOrders(database.db, ORDERS);
  const seedMs = Math.round(performance.now() - started);
  started = performance.now();
  await refreshSalesRollup(database.db);
  const firstRollupMs = Math.round(performance.now() - started);
  const today = istDay(new Date());
  const range = (preset: string, params: Record<string, string> = {}) => parseRange(new URLSearchParams({ range: preset, ...params }), { today, presets: [...DASHBOARD_PRESETS, ...REPORT_PRESETS], fallback: "7d" }).range;
  const dashboardMs: Record<string, number> = {};
  for (const [label, r] of [["today", range("today")], ["7d", range("7d")], ["30d", range("30d")], ["365d", range("custom", { from: range("today").fromDay.replace(/^(\d{4})/, (y) => String(Number(y) - 1)), to: today })]] as const) {
    dashboardMs[label] = await median(() => dashboardFigures(database.db, ["super_admin"], r));
  }
  const gstMs = { last30Days: await median(() => buildReport(database.db, "gst", range("30d"))), lastMonth: await median(() => buildReport(database.db, "gst", range("last_month"))) };
  return { orders: ORDERS, seedMs, firstRollupMs, dashboardMs, gstMs };
}

const results: Record<string, unknown> = {};
const name = `glacial_bench_reports_${crypto.randomBytes(4).toString("hex")}`;
await admin(`create database ${name}`);
try {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  log(`PostgreSQL: seeding ${ORDERS} orders`);
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
  try {
    results.postgres = await measure(database);
  } finally {
    await database.close();
  }
} finally {
  await admin(`drop database if exists ${name} with (force)`);
}
log(`PGlite: seeding ${ORDERS} orders`);
const embedded = await openDatabase({ kind: "pglite-memory" });
try {
  results.pglite = await measure(embedded);
} finally {
  await embedded.close();
}
console.log(JSON.stringify(results, null, 2));
