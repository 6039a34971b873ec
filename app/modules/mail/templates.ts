import { z } from "zod";

// The shop's emails as templates staff may edit: each kind's default words (kept here, in code,
// so a new release can improve them), the variables it may use with sample values for the
// preview, and the one substitution rule. Browser-safe: the editor checks a draft with the same
// rules the server applies on save.

export const TEMPLATE_KINDS = [
  "order_confirmation",
  "payment_received",
  "cod_confirmation",
  "order_shipped",
  "order_delivered",
  "order_cancelled",
  "order_refunded",
  "password_reset",
  "staff_invitation",
  "abandoned_cart",
  "support_reply",
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export function isTemplateKind(value: unknown): value is TemplateKind {
  return typeof value === "string" && (TEMPLATE_KINDS as readonly string[]).includes(value);
}

/** Every mail can name the shop (filled from the store's contact settings and its public address). */
const SHOP_VARIABLES = {
  "shop.name": "GLACIAL",
  "shop.url": "https://glacial.in",
  "shop.phone": "+91 80 4718 2200",
  "shop.email": "care@glacial.in",
} as const;

type KindSpec = {
  label: string;
  /** When it is sent, in the editor's words. */
  when: string;
  /** Variable name -> a sample value for the preview and the test mail. */
  variables: Record<string, string>;
  /** The main link, shown as a button under the body (and as "label: link" in the text part). */
  button?: { label: string; variable: string };
  /**
   * A link the layout always prints in the footer, whatever staff write in the body (the way out
   * of a mail the shopper did not ask for must not depend on the wording).
   */
  footerLink?: { label: string; variable: string };
  subject: string;
  body: string;
};

const ORDER_SAMPLE = {
  "customer.name": "Asha Rao",
  "customer.email": "asha@example.in",
  "order.number": "GL-000123",
  "order.total": "₹2,697",
  "order.link": "https://glacial.in/thank-you?order=GL-000123&key=sample",
};

export const TEMPLATE_SPECS: Record<TemplateKind, KindSpec> = {
  order_confirmation: {
    label: "Order confirmation",
    when: "When an order is confirmed: a cash-on-delivery order when it is placed, an online order when its payment arrives.",
    variables: {
      ...ORDER_SAMPLE,
      "order.items": "- Steel Bottle (Teal) x 2: ₹2,598",
      "order.totals": "Subtotal: ₹2,598\nShipping: ₹99\nTotal: ₹2,697 (includes GST of ₹289)",
      "order.address": "Asha Rao, 12 MG Road, Bengaluru, Karnataka 560001",
      "order.next": "Please keep ₹2,697 ready to pay when it is delivered. We will mail you when it ships.",
    },
    button: { label: "Your order", variable: "order.link" },
    subject: "Your {{shop.name}} order {{order.number}}",
    body: "Thank you for your order {{order.number}}.\n\n{{order.items}}\n\n{{order.totals}}\n\nDelivering to:\n{{order.address}}\n\n{{order.next}}",
  },
  payment_received: {
    label: "Payment received",
    when: "When an online payment for an order arrives (the receipt; the order confirmation goes out with it).",
    variables: { ...ORDER_SAMPLE, "payment.amount": "₹2,697", "payment.reference": "pay_SAMPLE123" },
    button: { label: "Your order", variable: "order.link" },
    subject: "Payment received for {{shop.name}} order {{order.number}}",
    body: "Hi {{customer.name}},\n\nWe have received your payment of {{payment.amount}} for order {{order.number}} (reference {{payment.reference}}). Thank you!",
  },
  cod_confirmation: {
    label: "COD confirmation",
    when: "When staff mark the cash on delivery of an order as collected.",
    variables: { ...ORDER_SAMPLE, "payment.amount": "₹2,697" },
    button: { label: "Your order", variable: "order.link" },
    subject: "Cash payment received for {{shop.name}} order {{order.number}}",
    body: "Hi {{customer.name}},\n\nWe confirm that {{payment.amount}} was paid in cash on delivery for order {{order.number}}. Thank you for shopping with {{shop.name}}!",
  },
  order_shipped: {
    label: "Shipped",
    when: "When staff mark an order as shipped, with its carrier and tracking number.",
    variables: {
      ...ORDER_SAMPLE,
      "shipment.carrier": "Delhivery",
      "shipment.tracking_number": "DL123456789IN",
      "shipment.tracking_link": "https://www.delhivery.com/track/package/DL123456789IN",
    },
    button: { label: "Track your parcel", variable: "shipment.tracking_link" },
    subject: "Your {{shop.name}} order {{order.number}} has shipped",
    body: "Hi {{customer.name}},\n\nYour order {{order.number}} is on its way with {{shipment.carrier}}. The tracking number is {{shipment.tracking_number}}.",
  },
  order_delivered: {
    label: "Delivered",
    when: "When staff mark an order as delivered.",
    variables: { ...ORDER_SAMPLE },
    button: { label: "Your order", variable: "order.link" },
    subject: "Your {{shop.name}} order {{order.number}} was delivered",
    body: "Hi {{customer.name}},\n\nYour order {{order.number}} has been delivered. We hope you enjoy it! If anything is not right, reply to this mail or write to {{shop.email}}.",
  },
  order_cancelled: {
    label: "Cancelled",
    when: "When an order is cancelled: by staff, or when an online payment did not arrive in time.",
    variables: { ...ORDER_SAMPLE, "cancel.reason": "The shop cancelled the order." },
    subject: "Your {{shop.name}} order {{order.number}} was cancelled",
    body: "Hi {{customer.name}},\n\nYour order {{order.number}} has been cancelled. {{cancel.reason}}\n\nQuestions? Write to {{shop.email}} or call {{shop.phone}}.",
  },
  order_refunded: {
    label: "Refunded",
    when: "When a refund for an order is made (recorded by staff, or accepted by the payment provider).",
    variables: { ...ORDER_SAMPLE, "refund.amount": "₹1,299" },
    button: { label: "Your order", variable: "order.link" },
    subject: "Refund of {{refund.amount}} for {{shop.name}} order {{order.number}}",
    body: "Hi {{customer.name}},\n\nWe have refunded {{refund.amount}} for your order {{order.number}}. Depending on your bank it can take 5 to 7 working days to show.",
  },
  password_reset: {
    label: "Password reset",
    when: "When a staff member asks to reset their password, or an admin sends them a reset link.",
    variables: { "user.email": "priya@glacial.in", "reset.link": "https://glacial.in/admin/reset-password?token=sample" },
    button: { label: "Choose a new password", variable: "reset.link" },
    subject: "Reset your {{shop.name}} admin password",
    body: "Someone asked to reset the password of your {{shop.name}} admin account.\n\nThe link below lets you choose a new password; it works for one hour, once.\n\nIf it was not you, ignore this mail: your password stays as it is.",
  },
  staff_invitation: {
    label: "Staff invitation",
    when: "When an admin invites a new staff member.",
    variables: { "user.email": "ravi@glacial.in", "invite.invited_by": "owner@glacial.in", "invite.link": "https://glacial.in/admin/reset-password?token=sample" },
    button: { label: "Set your password", variable: "invite.link" },
    subject: "You are invited to the {{shop.name}} admin",
    body: "{{invite.invited_by}} invited you to the {{shop.name}} admin.\n\nThe link below lets you set your password; it works for 72 hours, once.",
  },
  abandoned_cart: {
    label: "Abandoned cart",
    when: "A reminder to a shopper who gave their email at checkout but did not place the order.",
    variables: {
      "customer.name": "Asha Rao",
      "customer.email": "asha@example.in",
      "cart.link": "https://glacial.in/cart/restore/sample",
      "unsubscribe.link": "https://glacial.in/unsubscribe/cart-reminders/sample",
    },
    button: { label: "Return to checkout", variable: "cart.link" },
    footerLink: { label: "Stop cart reminders", variable: "unsubscribe.link" },
    subject: "You left something at {{shop.name}}",
    body: "Hi {{customer.name}},\n\nYou started a checkout at {{shop.name}} but did not place the order. Your bottles are still waiting for you: the button below puts them back in your cart, on this device or another, for 30 days.\n\nThis is the only reminder we send about this checkout.",
  },
  support_reply: {
    label: "Support reply",
    when: "When staff reply in a chat the visitor has left (replies sent together, 15 minutes apart).",
    variables: {
      "visitor.name": "Asha",
      "reply.from": "Priya from GLACIAL",
      "reply.messages": "> Yes! Engraving is free on orders of 20 or more.",
      "chat.link": "https://glacial.in/#chat=sample",
    },
    button: { label: "Continue the conversation here", variable: "chat.link" },
    subject: "{{shop.name}} support replied to your chat",
    body: "Hi {{visitor.name}},\n\n{{reply.from}} replied to your chat:\n\n{{reply.messages}}\n\nThe link below opens this chat on our site, on any device, for 30 days. Please do not share it.",
  },
};

/** The variables a kind may use, the shop's first. */
export function allowedVariables(kind: TemplateKind): string[] {
  return [...Object.keys(SHOP_VARIABLES), ...Object.keys(TEMPLATE_SPECS[kind].variables)];
}

/** Sample values for the preview and the test mail. */
export function sampleData(kind: TemplateKind): Record<string, string> {
  return { ...SHOP_VARIABLES, ...TEMPLATE_SPECS[kind].variables };
}

// A variable is {{ name }} with dotted lower-case words; anything else between braces is a mistake
// the editor names rather than sends to a shopper as literal braces.
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const NAME = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

/** The first problem with a subject or body for this kind, in words naming the variable; null when it is fine. */
export function templateProblem(kind: TemplateKind, text: string): string | null {
  const allowed = new Set(allowedVariables(kind));
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!.trim();
    if (!NAME.test(name) || !allowed.has(name)) return `Unknown variable {{${name}}}`;
  }
  // What is left after the well-formed ones: a lone {{ or }} would reach the shopper as is.
  const rest = text.replace(PLACEHOLDER, "");
  if (rest.includes("{{")) return "A {{ has no closing }}";
  if (rest.includes("}}")) return "A }} has no opening {{";
  return null;
}

/**
 * Fills {{name}} with its value (plain text: the HTML part escapes it when it renders). A name
 * without a value becomes empty rather than showing braces; saving refuses unknown names, so this
 * happens only for a value a sender left out.
 */
export function fillVariables(text: string, data: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => data[name.trim()] ?? "");
}

export const SUBJECT_MAX = 200;
export const BODY_MAX = 10_000;

/** The editor's one form, checked in the browser and again on the server. */
export function templateForm(kind: TemplateKind) {
  return z.object({
    subject: z
      .string()
      .trim()
      .min(1, "Enter a subject.")
      .max(SUBJECT_MAX, `Keep the subject within ${SUBJECT_MAX} characters.`)
      .refine((s) => !/[\r\n]/.test(s), "The subject must be one line.")
      .superRefine((s, ctx) => {
        const problem = templateProblem(kind, s);
        if (problem) ctx.addIssue({ code: "custom", message: `${problem} in the subject.` });
      }),
    body: z
      .string()
      .trim()
      .min(1, "Enter the body of the mail.")
      .max(BODY_MAX, `Keep the body within ${BODY_MAX.toLocaleString("en-IN")} characters.`)
      .superRefine((s, ctx) => {
        const problem = templateProblem(kind, s);
        if (problem) ctx.addIssue({ code: "custom", message: `${problem} in the body.` });
      }),
  });
}
export type TemplateFormValues = z.infer<ReturnType<typeof templateForm>>;

/** The address a test mail goes to. */
export const testAddressForm = z.object({ to: z.email("Enter an email address to send the test to.").max(254) });
