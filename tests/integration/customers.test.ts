import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SAVED_ADDRESSES } from "~/modules/customers/address-form";
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  rememberCheckoutAddress,
  setDefaultAddress,
  updateAddress,
} from "~/modules/customers/addresses.server";
import { customerAddresses } from "~/modules/customers/schema";
import type { AppServices } from "~/services.server";
import { createShopper } from "../support/shoppers";
import { DRIVERS } from "../support/test-database";
import { openTestServices } from "../support/test-services";

// The shopper's address book against a real database: only the owner reaches an address, at most
// one default (also when two tabs save at once), a bounded book, and checkout's "save this address".

const home = { name: "Asha Rao", phone: "98765 43210", line1: "12, 4th Cross, Indiranagar", city: "Bengaluru", stateCode: "29", pin: "560038" };
const work = { name: "Asha Rao", phone: "+91 98765 43210", line1: "Prestige Tech Park, Tower B", line2: "5th floor", city: "Bengaluru", stateCode: "29", pin: "560103", landmark: "Near Marathahalli bridge" };
const parents = { name: "K. Rao", phone: "9123456789", line1: "7 MG Road", city: "Pune", stateCode: "27", pin: "411001" };

describe.each(DRIVERS)("customers' address book on %s", (kind) => {
  let services: AppServices;
  let asha: string;
  let ravi: string;

  beforeAll(async () => {
    services = await openTestServices(kind);
    asha = (await createShopper(services.auth, "asha@example.in")).id;
    ravi = (await createShopper(services.auth, "ravi@example.in")).id;
  });
  afterAll(() => services?.close());

  const rows = async (userId: string) => services.db.select().from(customerAddresses).where(eq(customerAddresses.userId, userId));
  const defaults = async (userId: string) => (await rows(userId)).filter((r) => r.isDefault).map((r) => r.id);

  it("adds addresses: the first is the default, a later one becomes it only when asked; the default is listed first", async () => {
    const first = await createAddress(services.db, asha, home);
    if (!first.ok) throw new Error(JSON.stringify(first));
    expect(first.address).toMatchObject({ name: "Asha Rao", phone: "+919876543210", isDefault: true, line2: undefined });
    const second = await createAddress(services.db, asha, work);
    if (!second.ok) throw new Error(JSON.stringify(second));
    expect(second.address.isDefault).toBe(false);
    expect((await listAddresses(services.db, asha)).map((a) => a.id)).toEqual([first.address.id, second.address.id]);

    const third = await createAddress(services.db, asha, { ...parents, makeDefault: "on" });
    if (!third.ok) throw new Error(JSON.stringify(third));
    expect(await defaults(asha)).toEqual([third.address.id]);
    expect((await listAddresses(services.db, asha))[0]!.id).toBe(third.address.id);
  });

  it("refuses a wrong field with its own message and stores nothing", async () => {
    const before = (await rows(asha)).length;
    const bad = await createAddress(services.db, asha, { ...home, phone: "12345", pin: "012345", stateCode: "XX", name: "" });
    expect(bad).toEqual({
      ok: false,
      refusal: "invalid",
      fieldErrors: {
        name: "Enter the recipient's name.",
        phone: "Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (+91 optional).",
        stateCode: "Choose a state or union territory from the list.",
        pin: "Enter a 6-digit PIN code that does not start with 0.",
      },
    });
    expect((await rows(asha)).length).toBe(before);
  });

  it("lets only the owner read, change, delete or choose an address; anyone else's id is 'not found' and changes nothing", async () => {
    const [mine] = await listAddresses(services.db, asha);
    const snapshot = JSON.stringify(await rows(asha));
    expect(await getAddress(services.db, ravi, mine!.id)).toBeNull();
    expect(await getAddress(services.db, asha, "not-a-uuid")).toBeNull();
    expect(await updateAddress(services.db, ravi, mine!.id, { ...home, name: "Stolen" })).toEqual({ ok: false, refusal: "not-found" });
    expect(await updateAddress(services.db, ravi, "1; drop table customer_addresses", home)).toEqual({ ok: false, refusal: "not-found" });
    expect(await setDefaultAddress(services.db, ravi, mine!.id)).toBe(false);
    expect(await deleteAddress(services.db, ravi, mine!.id)).toBe(false);
    expect(await deleteAddress(services.db, ravi, crypto.randomUUID())).toBe(false);
    expect(JSON.stringify(await rows(asha))).toBe(snapshot);
    expect(await rows(ravi)).toEqual([]);
  });

  it("edits an address; the default stays the default until another is chosen; deleting the default hands it on", async () => {
    const list = await listAddresses(services.db, asha);
    const current = list.find((a) => a.isDefault)!;
    const other = list.find((a) => !a.isDefault)!;
    // Unticking "default" on the default address does not leave the book without one.
    const edited = await updateAddress(services.db, asha, current.id, { ...parents, line1: "9 MG Road", makeDefault: "" });
    expect(edited).toMatchObject({ ok: true, address: { line1: "9 MG Road", isDefault: true } });
    expect(await updateAddress(services.db, asha, other.id, { ...home, pin: "5600" })).toMatchObject({ ok: false, refusal: "invalid", fieldErrors: { pin: expect.any(String) } });

    expect(await setDefaultAddress(services.db, asha, other.id)).toBe(true);
    expect(await defaults(asha)).toEqual([other.id]);
    expect(await deleteAddress(services.db, asha, other.id)).toBe(true);
    const after = await listAddresses(services.db, asha);
    expect(after.filter((a) => a.isDefault)).toHaveLength(1);
    expect(after.map((a) => a.id)).not.toContain(other.id);
  });

  it("remembers a checkout's shipping address once, however it is spelt", async () => {
    const checkout = { email: "ravi@example.in", phone: "9988776655", shipName: "Ravi Kumar", shipLine1: "21 Park Street", shipLine2: "", shipCity: "Kolkata", shipState: "19", shipPin: "700016", shipLandmark: "" };
    expect(await rememberCheckoutAddress(services.db, ravi, checkout)).toBe("saved");
    expect(await rememberCheckoutAddress(services.db, ravi, { ...checkout, shipName: "  ravi  KUMAR ", shipLine1: "21 park street", phone: "+91 99887 76655" })).toBe("known");
    expect(await rememberCheckoutAddress(services.db, ravi, { ...checkout, shipPin: "0" })).toBe("invalid");
    expect(await listAddresses(services.db, ravi)).toEqual([expect.objectContaining({ name: "Ravi Kumar", phone: "+919988776655", city: "Kolkata", isDefault: true })]);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses and one default, even with many saves at once`, async () => {
    const meera = (await createShopper(services.auth, `meera-${kind}@example.in`)).id;
    const answers = await Promise.all(
      Array.from({ length: MAX_SAVED_ADDRESSES + 5 }, (_, i) => createAddress(services.db, meera, { ...home, line1: `House ${i + 1}, 4th Cross`, makeDefault: "on" })),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(answers.filter((a) => !a.ok)).toEqual(Array.from({ length: 5 }, () => ({ ok: false, refusal: "illegal", message: expect.stringMatching(/up to 20 addresses/) })));
    expect(await rows(meera)).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(await defaults(meera)).toHaveLength(1);
    expect(await rememberCheckoutAddress(services.db, meera, { phone: "9876543210", shipName: "New", shipLine1: "1 New Road", shipCity: "Mysuru", shipState: "29", shipPin: "570001" })).toBe("limit");

    // Two tabs choose different defaults at the same moment: one wins, never two or none.
    const [a, b] = await listAddresses(services.db, meera);
    await Promise.all([setDefaultAddress(services.db, meera, a!.id), setDefaultAddress(services.db, meera, b!.id), deleteAddress(services.db, meera, a!.id)]);
    expect(await defaults(meera)).toHaveLength(1);
  });
});
