import { orderDiscountOf, type OrderDiscount } from "./order-discount";

// What a shopper is shown of a placed order's money, wherever it is shown (the thank-you page, the
// account's order page): the lines at the price they were sold for, then the sums frozen on the
// order. Built in one place so the two pages cannot disagree on what "GST included" adds up.

export type ShopperOrderLine = { title: string; variantTitle: string; engraving: string | null; quantity: number; unitPricePaise: number; totalPaise: number };

export type ShopperOrderFigures = {
  lines: ShopperOrderLine[];
  subtotalPaise: number;
  discount: OrderDiscount | null;
  shippingPaise: number;
  codFeePaise: number;
  roundOffPaise: number;
  totalPaise: number;
  /** The GST inside the total (CGST + SGST, or IGST). */
  taxPaise: number;
};

type FrozenOrder = {
  subtotalPaise: number;
  discountCode: string | null;
  discountKind: string | null;
  discountPaise: number;
  shipping: { totalPaise: number };
  codFee: { totalPaise: number };
  roundOffPaise: number;
  totalPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

export function shopperFiguresOf(order: FrozenOrder, lines: readonly ShopperOrderLine[]): ShopperOrderFigures {
  return {
    lines: lines.map((l) => ({ title: l.title, variantTitle: l.variantTitle, engraving: l.engraving, quantity: l.quantity, unitPricePaise: l.unitPricePaise, totalPaise: l.totalPaise })),
    subtotalPaise: order.subtotalPaise,
    discount: orderDiscountOf(order),
    shippingPaise: order.shipping.totalPaise,
    codFeePaise: order.codFee.totalPaise,
    roundOffPaise: order.roundOffPaise,
    totalPaise: order.totalPaise,
    taxPaise: order.cgstPaise + order.sgstPaise + order.igstPaise,
  };
}
