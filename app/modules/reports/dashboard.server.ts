import type { Db } from "~/db/types";
import { lowStockVariants, type LowStockVariant } from "~/modules/catalog/catalog.server";
import { ordersToShip, type SalesTotals } from "~/modules/orders/orders.server";
import { getSetting } from "~/modules/settings/settings.server";
import { can, type Role } from "~/modules/staff/staff";
import { countOpenConversations } from "~/modules/support/support.server";
import { addDays, type DayRange, previousRange } from "./ranges";
import { refreshSalesRollup, rolledDays, rolledTopProducts, rolledTotals } from "./rollup.server";

// The dashboard's figures for a range, compared with the period of equal length before it. Sales
// come from the daily roll-up (brought up to date first), so any range reads a few hundred rows. Each
// card is computed only for a role that may see it (sales figures need sales, low stock needs the
// catalogue, open conversations need support), so nothing else leaves the server.

export type SalesCard = {
  current: SalesTotals & { averageOrderPaise: number };
  previous: SalesTotals & { averageOrderPaise: number };
  /** One point per IST day of the range (days without sales are 0). */
  daily: { day: string; grossPaise: number; netPaise: number; orders: number }[];
  topProducts: { productId: string | null; title: string; quantity: number; netPaise: number }[];
  toShip: number;
};

export type DashboardFigures = {
  sales: SalesCard | null;
  lowStock: { threshold: number; total: number; variants: LowStockVariant[] } | null;
  openConversations: number | null;
};

const TOP_PRODUCTS = 5;
const LOW_STOCK_SHOWN = 8;

/** Average order value: sales after discounts per order (0 without orders). */
const withAverage = (t: SalesTotals) => ({ ...t, averageOrderPaise: t.orders === 0 ? 0 : Math.round((t.grossPaise - t.discountPaise) / t.orders) });

export async function dashboardFigures(db: Db, roles: readonly Role[], range: DayRange): Promise<DashboardFigures> {
  const sales = async (): Promise<SalesCard> => {
    await refreshSalesRollup(db);
    const [current, previous, perDay, top, toShip] = await Promise.all([
      rolledTotals(db, range),
      rolledTotals(db, previousRange(range)),
      rolledDays(db, range),
      rolledTopProducts(db, range, TOP_PRODUCTS),
      ordersToShip(db),
    ]);
    const byDay = new Map(perDay.map((d) => [d.day, d]));
    const daily = Array.from({ length: range.days }, (_, i) => {
      const day = addDays(range.fromDay, i);
      const d = byDay.get(day);
      return { day, grossPaise: d?.grossPaise ?? 0, netPaise: d ? d.grossPaise - d.discountPaise - d.refundedPaise : 0, orders: d?.orders ?? 0 };
    });
    return {
      current: withAverage(current),
      previous: withAverage(previous),
      daily,
      topProducts: top,
      toShip,
    };
  };
  const lowStock = async () => {
    const { low_stock_threshold: threshold } = await getSetting(db, "reports");
    return { threshold, ...(await lowStockVariants(db, threshold, LOW_STOCK_SHOWN)) };
  };
  const [salesCard, lowStockCard, openConversations] = await Promise.all([
    can(roles, "sales", "view") ? sales() : null,
    can(roles, "catalog", "view") ? lowStock() : null,
    can(roles, "support", "view") ? countOpenConversations(db) : null,
  ]);
  return { sales: salesCard, lowStock: lowStockCard, openConversations };
}
