import type { Db } from "~/db/types";
import type { Logger } from "~/lib/logger.server";
import type { EventBus } from "~/modules/events/events.server";
import type { JobQueue } from "~/modules/jobs/jobs.server";
import type { Mailer } from "~/modules/mail/mail.server";
import type { RazorpayConfig } from "./razorpay.server";

/** What the orders module's faces need from the process (AppServices satisfies it). */
export type OrderDeps = {
  db: Db;
  events: EventBus;
  mailer: Mailer;
  log: Logger;
  /** Durable jobs: holds released, automatic refunds sent. Needed for online payment only. */
  jobs?: JobQueue;
  config: { publicUrl: string; razorpay?: RazorpayConfig | null; cartReminderMinutes?: number };
};

/** The background jobs of online payment (pg-boss queue names). */
export const ORDER_JOBS = {
  /** { orderId, attempt? }: cancel an unpaid online order when its hold runs out, giving its stock back. */
  releaseHold: "order-hold-release",
  /** { refundId }: send a reserved refund to Razorpay (automatic refunds of money the shop must not keep). */
  refund: "order-refund",
  /** Every few minutes: any unpaid order whose hold ran out and whose job went missing. */
  sweepHolds: "order-hold-sweep",
  /** { key }: the one reminder of a checkout left with an email (abandoned cart). */
  cartReminder: "order-cart-reminder",
} as const;
