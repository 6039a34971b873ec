import type { ArtShape } from "./demo-art.server";

// The demo store's catalogue: realistic names, Indian prices (rupees here, paise in the database).
export type DemoProduct = {
  title: string;
  kind: "bottle" | "tumbler" | "accessory";
  shape: ArtShape;
  skuBase: string;
  colours: string[];
  sizes?: string[];
  /** Price in rupees of the smallest size; each larger size adds `step`. */
  price: number;
  step?: number;
  /** Compare-at as a multiple of the price, when on sale. */
  compareAt?: number;
  tags?: string[];
  bestSeller?: boolean;
  status?: "active" | "draft" | "archived";
  collections: string[];
  description: string;
};

const insulated =
  "Double-wall vacuum insulation keeps drinks cold for up to 24 hours and hot for up to 12 hours. 18/8 food-grade stainless steel, BPA-free lid, powder-coated finish that does not sweat or slip.";

export const DEMO_COLLECTIONS = [
  { slug: "matte", name: "Matte Collection", description: "Soft-touch powder-coated finishes in deep, quiet colours." },
  { slug: "everyday-bottles", name: "Everyday Bottles", description: "Bottles for the commute, the gym and the desk." },
  { slug: "coffee-and-tea", name: "Coffee & Tea", description: "Tumblers and mugs that keep your chai hot through the morning." },
  { slug: "outdoor", name: "Outdoor & Trek", description: "Rugged bottles for treks, rides and long days out." },
  { slug: "kids", name: "Kids", description: "Small, light, leak-proof bottles for school bags." },
  { slug: "gifting", name: "Gifting", description: "Engravable bottles and sets for Diwali, birthdays and teams." },
  { slug: "accessories", name: "Accessories", description: "Lids, sleeves, straps and cleaning kits." },
] as const;

export const DEMO_PRODUCTS: DemoProduct[] = [
  { title: "Glacier Classic Bottle", kind: "bottle", shape: "bottle", skuBase: "GLC", colours: ["Black", "Navy", "White"], sizes: ["500ml", "750ml", "1000ml"], price: 1499, step: 300, compareAt: 1.4, tags: ["top-sale"], bestSeller: true, collections: ["everyday-bottles", "gifting"], description: `Our signature bottle. ${insulated}` },
  { title: "Summit Sport Bottle", kind: "bottle", shape: "bottle", skuBase: "SMT", colours: ["Red", "Blue", "Black"], sizes: ["750ml", "1000ml"], price: 1799, step: 300, tags: ["flash-sale"], compareAt: 1.3, bestSeller: true, collections: ["outdoor", "everyday-bottles"], description: `A one-hand sport cap for runs and rides. ${insulated}` },
  { title: "Matte Explorer Bottle", kind: "bottle", shape: "wide-bottle", skuBase: "MXP", colours: ["Black", "Teal", "Beige"], sizes: ["750ml", "1000ml"], price: 1999, step: 400, bestSeller: true, tags: ["new-arrival"], collections: ["matte", "outdoor"], description: `A wide mouth for ice cubes and easy cleaning, in a soft matte finish. ${insulated}` },
  { title: "Himalaya Wide-Mouth Bottle", kind: "bottle", shape: "wide-bottle", skuBase: "HWM", colours: ["Green", "Gray", "Navy"], sizes: ["1000ml"], price: 2499, compareAt: 1.25, bestSeller: true, collections: ["outdoor"], description: `Built for long treks: a litre of water that stays cold on the trail. ${insulated}` },
  { title: "Monsoon Slim Bottle", kind: "bottle", shape: "slim-bottle", skuBase: "MSN", colours: ["Pink", "Purple", "White"], sizes: ["350ml", "500ml"], price: 1199, step: 200, bestSeller: true, tags: ["new-arrival"], collections: ["everyday-bottles", "gifting"], description: `Slim enough for any bag pocket. ${insulated}` },
  { title: "Urban Smart Bottle", kind: "bottle", shape: "bottle", skuBase: "USB", colours: ["Black", "White"], sizes: ["500ml"], price: 3999, compareAt: 1.25, bestSeller: true, tags: ["top-sale"], collections: ["everyday-bottles", "gifting"], description: `A smart cap tracks your hydration and shows the water temperature. ${insulated}` },
  { title: "Arctic Pro Bottle", kind: "bottle", shape: "bottle", skuBase: "ARP", colours: ["Blue", "Teal", "Gray"], sizes: ["750ml", "1000ml"], price: 2199, step: 300, bestSeller: true, collections: ["matte", "outdoor"], description: `Triple-layer copper lining for the longest cold. ${insulated}` },
  { title: "Trek Flip-Lid Bottle", kind: "bottle", shape: "bottle", skuBase: "TFL", colours: ["Orange", "Green"], sizes: ["500ml", "750ml"], price: 1599, step: 250, bestSeller: true, collections: ["outdoor"], description: `A flip lid with a carry loop. ${insulated}` },
  { title: "Coastal Bottle", kind: "bottle", shape: "slim-bottle", skuBase: "CST", colours: ["Teal", "Blue", "White"], sizes: ["500ml"], price: 1299, compareAt: 1.3, bestSeller: true, tags: ["flash-sale"], collections: ["everyday-bottles"], description: `Sea-blue finishes inspired by the Konkan coast. ${insulated}` },
  { title: "Everest Insulated Bottle", kind: "bottle", shape: "wide-bottle", skuBase: "EVR", colours: ["Black", "Brown"], sizes: ["1000ml"], price: 2799, bestSeller: true, collections: ["matte", "outdoor"], description: `Our largest bottle, with a steel carry handle. ${insulated}` },
  { title: "Kids Mini Bottle", kind: "bottle", shape: "slim-bottle", skuBase: "KMB", colours: ["Yellow", "Pink", "Blue"], sizes: ["350ml"], price: 899, tags: ["new-arrival"], collections: ["kids"], description: `Light, leak-proof and sized for a school bag. ${insulated}` },
  { title: "Nilgiri Glass-Lined Bottle", kind: "bottle", shape: "bottle", skuBase: "NGL", colours: ["Green", "Beige"], sizes: ["500ml", "750ml"], price: 2299, step: 300, collections: ["matte", "gifting"], description: `A glass-lined interior that keeps tea tasting of tea. ${insulated}` },
  { title: "Chai Tumbler", kind: "tumbler", shape: "tumbler", skuBase: "CHT", colours: ["Brown", "Beige", "Black"], sizes: ["350ml"], price: 999, compareAt: 1.3, tags: ["top-sale"], bestSeller: true, collections: ["coffee-and-tea"], description: `The morning chai, still hot at your desk two hours later. ${insulated}` },
  { title: "Commuter Coffee Tumbler", kind: "tumbler", shape: "tumbler", skuBase: "CCT", colours: ["Black", "Navy", "Gray"], sizes: ["350ml", "500ml"], price: 1299, step: 200, collections: ["coffee-and-tea", "matte"], description: `A leak-proof slider lid that fits car cup holders. ${insulated}` },
  { title: "Travel Tumbler with Straw", kind: "tumbler", shape: "straw-tumbler", skuBase: "TTS", colours: ["Pink", "Teal", "White"], sizes: ["750ml", "1000ml"], price: 1699, step: 300, tags: ["new-arrival"], collections: ["coffee-and-tea"], description: `A handle, a straw and ice that lasts all day. ${insulated}` },
  { title: "Matte Tumbler", kind: "tumbler", shape: "tumbler", skuBase: "MTT", colours: ["Black", "Green", "Purple"], sizes: ["500ml"], price: 1199, collections: ["matte", "coffee-and-tea"], description: `Soft-touch matte finish, splash-proof lid. ${insulated}` },
  { title: "Espresso Mini Tumbler", kind: "tumbler", shape: "tumbler", skuBase: "EMT", colours: ["Red", "Black"], sizes: ["350ml"], price: 899, compareAt: 1.2, tags: ["flash-sale"], collections: ["coffee-and-tea", "gifting"], description: `Small and sturdy, for a double shot on the go. ${insulated}` },
  { title: "Frost Cold Brew Tumbler", kind: "tumbler", shape: "straw-tumbler", skuBase: "FCB", colours: ["Blue", "White"], sizes: ["500ml", "750ml"], price: 1499, step: 250, collections: ["coffee-and-tea"], description: `Cold brew that stays cold until the last sip. ${insulated}` },
  { title: "Office Lid Tumbler", kind: "tumbler", shape: "tumbler", skuBase: "OLT", colours: ["Gray", "Navy"], sizes: ["500ml"], price: 1099, collections: ["coffee-and-tea"], description: `A press lid you can open with one finger during calls. ${insulated}` },
  { title: "Handle Mug Tumbler", kind: "tumbler", shape: "mug", skuBase: "HMT", colours: ["White", "Orange", "Teal"], sizes: ["350ml"], price: 1099, tags: ["new-arrival"], collections: ["coffee-and-tea", "gifting"], description: `A camp mug with a lid, for chai at the campsite. ${insulated}` },
  { title: "Bottle Cleaning Brush Set", kind: "accessory", shape: "brush", skuBase: "BCB", colours: ["Gray"], price: 899, collections: ["accessories"], description: "A long bottle brush, a straw brush and a lid brush: everything to hand-wash your bottle properly (bottles are not dishwasher safe)." },
  { title: "Straw Lid", kind: "accessory", shape: "cap", skuBase: "STL", colours: ["Black", "White"], price: 899, collections: ["accessories"], description: "Turns any GLACIAL wide-mouth bottle into a sipper. BPA-free, leak-proof." },
  { title: "Sport Cap", kind: "accessory", shape: "cap", skuBase: "SPC", colours: ["Red", "Blue", "Black"], price: 999, compareAt: 1.2, collections: ["accessories", "outdoor"], description: "A one-hand flip sport cap for standard-mouth bottles." },
  { title: "Neoprene Bottle Sleeve", kind: "accessory", shape: "sleeve", skuBase: "NBS", colours: ["Navy", "Gray", "Pink"], sizes: ["500ml", "750ml"], price: 899, step: 100, collections: ["accessories"], description: "A padded sleeve with a carry strap that protects the finish from dents." },
  { title: "Carry Strap", kind: "accessory", shape: "strap", skuBase: "CRS", colours: ["Black", "Orange"], price: 899, tags: ["new-arrival"], collections: ["accessories", "outdoor"], description: "A paracord carry strap that fits every GLACIAL bottle neck." },
  { title: "Silicone Bottle Boot", kind: "accessory", shape: "sleeve", skuBase: "SBB", colours: ["Black", "Teal"], price: 899, collections: ["accessories"], description: "A silicone boot that silences and protects the base of your bottle." },
  // Never listed on the storefront.
  { title: "Titanium Prototype Bottle", kind: "bottle", shape: "bottle", skuBase: "TPB", colours: ["Gray"], sizes: ["750ml"], price: 4999, status: "draft", collections: [], description: `Not yet released. ${insulated}` },
  { title: "Festive Gift Tumbler Draft", kind: "tumbler", shape: "tumbler", skuBase: "FGT", colours: ["Red"], sizes: ["350ml"], price: 1299, status: "draft", collections: ["gifting"], description: `Draft for the festive season. ${insulated}` },
  { title: "Draft Copper Bottle", kind: "bottle", shape: "bottle", skuBase: "DCB", colours: ["Orange"], sizes: ["1000ml"], price: 2999, status: "draft", bestSeller: true, collections: [], description: `A best seller flag on a draft must not list it. ${insulated}` },
  { title: "Retired Classic Tumbler", kind: "tumbler", shape: "tumbler", skuBase: "RCT", colours: ["Beige"], sizes: ["500ml"], price: 999, status: "archived", bestSeller: true, collections: ["coffee-and-tea"], description: `Archived. ${insulated}` },
];
