// The reports module's face for server code: the only file of it that code outside the module imports
// (besides reports.ts, its browser-safe face).
export { type DashboardFigures, dashboardFigures, type SalesCard } from "./dashboard.server";
export { buildReport, reportCsv, type ReportOptions } from "./sales-reports.server";
export { refreshSalesRollup } from "./rollup.server";
