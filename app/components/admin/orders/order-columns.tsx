import { Link } from "react-router";
import type { Column } from "~/components/admin/kit/data-table";
import { formatPaise } from "~/lib/money";
import { PAYMENT_STATUS_LABELS, STATUS_LABELS, type OrderStatus } from "~/modules/orders/orders";

// The columns every list of orders shows the same way (the orders list, a customer's orders):
// the number linking to the order, when it was placed, its total, status and payment.

type OrderLike = { id: string; number: string; createdAt: string; totalPaise: number; status: string; paymentStatus: string };

const placed = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/** The shared order columns, for a table of any row that carries an order's fields; pick and order them as the table needs. */
export function orderColumns<T extends OrderLike>(): Record<"number" | "placed" | "total" | "status" | "payment", Column<T>> {
  return {
    number: {
      key: "number",
      header: "Order",
      cell: (o) => (
        <Link to={`/admin/orders/${o.id}`} className="text-teal-800 underline dark:text-teal-300">
          {o.number}
        </Link>
      ),
    },
    placed: { key: "placed", header: "Placed", cell: (o) => placed.format(new Date(o.createdAt)) },
    total: { key: "total", header: "Total", align: "end", cell: (o) => formatPaise(o.totalPaise) },
    status: { key: "status", header: "Status", cell: (o) => STATUS_LABELS[o.status as OrderStatus] ?? o.status },
    payment: { key: "payment", header: "Payment", cell: (o) => PAYMENT_STATUS_LABELS[o.paymentStatus] ?? o.paymentStatus },
  };
}
