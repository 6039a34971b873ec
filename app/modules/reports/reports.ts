// The reports module's browser-safe face: ranges in India's days and the shape of a report.
export { changeOf, DASHBOARD_PRESETS, type DayRange, describeRange, istDay, parseRange, type ParsedRange, previousRange, REPORT_PRESETS } from "./ranges";
export { isReportSlug, PERIOD_UNITS, type PeriodUnitValue, type Report, type ReportChart, type ReportColumn, type ReportRow, REPORT_KINDS, type ReportSlug, type ReportTable } from "./report-kinds";
export { parseReportQuery, type ReportQuery, reportCsvHref } from "./report-query";
