import { sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { productVariants, products } from "~/modules/catalog/schema";

// Many orders at once for timing the dashboard and the reports: one INSERT ... SELECT over
// generate_series per table (seconds, not the hours placing them through checkout would take).
// Orders spread over the last `days` days; a tenth cancelled, a tenth waiting to ship, the rest
// shipped or delivered (invoiced); a third within Karnataka, the rest to Maharashtra; one or two
// lines each over 20 products; every seventh with a discount and every thirteenth partly refunded.

const charge = (total: number) => `'{"totalPaise":${total},"gstRatePercent":18,"taxablePaise":0,"cgstPaise":0,"sgstPaise":0,"igstPaise":0}'::jsonb`;

export async function seedBulkOrders(db: Db, count: number, days = 365): Promise<void> {
  const made = await db
    .insert(products)
    .values(Array.from({ length: 20 }, (_, i) => ({ slug: `bulk-${i}`, title: `Bulk product ${i}`, status: "active" as const, hsnCode: i % 2 ? "73239390" : "96170019" })))
    .returning({ id: products.id });
  await db.insert(productVariants).values(made.map((p, i) => ({ productId: p.id, sku: `BULK-${i}`, pricePaise: 49_900 + i * 10_000, stockQuantity: i })));
  const ids = `array[${made.map((p) => `'${p.id}'::uuid`).join(",")}]`;
  const address = `'{"name":"Bulk Buyer","line1":"1 Road","city":"Bengaluru","stateCode":"29","pin":"560001"}'::jsonb`;
  await db.execute(
    sql.raw(`
    insert into orders (number, status, payment_method, payment_status, email, phone, shipping_address, billing_address,
      supplier_state_code, place_of_supply_state_code, subtotal_paise, shipping, cod_fee, taxable_paise, cgst_paise, sgst_paise,
      igst_paise, round_off_paise, total_paise, discount_code, discount_kind, discount_paise, refunded_paise,
      idempotency_key, cart_digest, access_token_hash, created_at, updated_at)
    select 'BULK-' || g,
      (case when g % 10 = 0 then 'cancelled' when g % 10 = 1 then 'processing' when g % 10 < 5 then 'shipped' else 'delivered' end)::order_status,
      'cod', (case when g % 10 < 2 then 'cod_pending' else 'cod_collected' end)::payment_status,
      'bulk' || (g % 5000) || '@example.in', '9876543210', ${address}, ${address},
      '29', case when g % 3 = 0 then '29' else '27' end,
      s.subtotal, ${charge(0)}, ${charge(4900)},
      round((s.subtotal - s.discount) / 1.18), case when g % 3 = 0 then round((s.subtotal - s.discount) * 0.09 / 1.18) else 0 end,
      case when g % 3 = 0 then round((s.subtotal - s.discount) * 0.09 / 1.18) else 0 end, case when g % 3 = 0 then 0 else round((s.subtotal - s.discount) * 0.18 / 1.18) end,
      0, s.subtotal - s.discount + 4900,
      case when s.discount > 0 then 'BULK10' end, case when s.discount > 0 then 'percentage' end, s.discount,
      case when g % 13 = 0 and g % 10 >= 2 then 10000 else 0 end,
      'bulk-' || g, 'digest', 'hash', s.placed, s.placed
    from generate_series(1, ${count}) g,
      lateral (select (49900 + (g % 20) * 10000) * (1 + g % 2) as subtotal,
                      case when g % 7 = 0 then (49900 + (g % 20) * 10000) * (1 + g % 2) / 10 else 0 end as discount,
                      now() - ((g * 7919) % (${days} * 1440)) * interval '1 minute' as placed) s`),
  );
  await db.execute(
    sql.raw(`
    insert into order_lines (order_id, position, variant_id, product_id, title, variant_title, sku, hsn_code, quantity,
      unit_price_paise, discount_paise, gst_rate_percent, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise)
    select o.id, 1, null, (${ids})[1 + (n % 20)], 'Bulk product ' || (n % 20), 'Default', 'BULK-' || (n % 20),
      case when n % 2 = 1 then '73239390' else '96170019' end, 1 + n % 2, 49900 + (n % 20) * 10000, o.discount_paise, 18,
      o.taxable_paise, o.cgst_paise, o.sgst_paise, o.igst_paise, o.subtotal_paise
    from orders o, lateral (select substr(o.number, 6)::integer as n) x
    where o.number like 'BULK-%'`),
  );
  await db.execute(
    sql.raw(`
    insert into invoices (order_id, number, financial_year, issued_at)
    select id, 'BINV-' || number, '2026-27', created_at + interval '1 day' from orders
    where number like 'BULK-%' and status in ('shipped', 'delivered')`),
  );
  await db.execute(sql`analyze`);
}
