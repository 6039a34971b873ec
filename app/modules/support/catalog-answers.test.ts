import { describe, expect, it } from "vitest";
import { accessoryFit, cartLines, cartTotal, catalogAnswer, cheapestOfKind, codTotal, compareProducts, describeProduct, engravingFit, gstInside, listedLines, namedProduct, originalPrice, overLineLimit, priceAtSize, productOptions, shippingForAmount, sizeExtreme, sizeOffer, sizePriceDifference, statedAmount, superlativeProduct, type CatalogProduct } from "./catalog-answers";

// Product questions answered from the catalogue, on a tiny one: prices are per variant, sizes are
// read from the variant titles as the store writes them ("Black / 750ml").
function product(title: string, sizes: string[], rupees: number[], extra: Partial<CatalogProduct> = {}): CatalogProduct {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const variants = (sizes.length ? sizes : [""]).map((size, i) => ({
    title: size ? `Black / ${size}` : "Black",
    pricePaise: rupees[i]! * 100,
    compareAtPricePaise: null,
    stockQuantity: 5,
  }));
  return { slug, title, description: "", options: [], hsnCode: null, variants, link: `/product/${slug}`, ...extra };
}

const catalogue = [
  product("Glacier Classic Bottle", ["500ml", "750ml", "1000ml"], [1499, 1799, 2099]),
  product("Monsoon Slim Bottle", ["350ml", "500ml"], [1199, 1399]),
  product("Trek Flip-Lid Bottle", ["500ml", "750ml"], [1599, 1849]),
  product("Everest Insulated Bottle", ["1000ml"], [2799]),
  product("Chai Tumbler", ["350ml"], [999]),
  product("Espresso Mini Tumbler", ["350ml"], [899]),
  product("Travel Tumbler with Straw", ["750ml", "1000ml"], [1699, 1999]),
  product("Straw Lid", [], [899]),
  product("Neoprene Bottle Sleeve", ["500ml", "750ml"], [899, 999]),
];

describe("answers computed from the catalogue", () => {
  it("gives a named product's price at a named size, however the size is written", () => {
    expect(priceAtSize(catalogue, "price of glacier classic 750")).toContain("Glacier Classic Bottle, 750ml: ₹1,799");
    expect(priceAtSize(catalogue, "glacier classic 1 litre kitne ka hai")).toContain("₹2,099");
    expect(priceAtSize(catalogue, "how much is the 500 ml glacier classic")).toContain("₹1,499");
    expect(priceAtSize(catalogue, "price of glacier classic 750")).toContain("/product/glacier-classic-bottle");
  });

  it("leaves a price question without a product, a size it is made in or a price word to retrieval", () => {
    expect(priceAtSize(catalogue, "price of a 750ml bottle")).toBeNull();
    expect(priceAtSize(catalogue, "price of glacier classic 350")).toBeNull();
    expect(priceAtSize(catalogue, "glacier classic 750 colours")).toBeNull();
  });

  it("names the one product a question names, and none on a tie", () => {
    expect(namedProduct(catalogue, "is the everest good for treks")?.title).toBe("Everest Insulated Bottle");
    expect(namedProduct(catalogue, "which is warmer")).toBeNull();
    // "cold" and "hot" describe every bottle: "cold brew" names the cold brew tumbler by "brew".
    const frost = [...catalogue, product("Frost Cold Brew Tumbler", ["500ml"], [1499])];
    expect(namedProduct(frost, "will water stay cold all day")).toBeNull();
    expect(namedProduct(frost, "is the cold brew tumbler good for iced coffee")?.title).toBe("Frost Cold Brew Tumbler");
  });

  it("finds the cheapest or dearest of the kind asked, with price and link", () => {
    const cheapest = cheapestOfKind(catalogue, "cheapest tumbler?");
    expect(cheapest).toContain("Espresso Mini Tumbler at ₹899");
    expect(cheapest).toContain("/product/espresso-mini-tumbler");
    expect(cheapestOfKind(catalogue, "sabse sasta bottle konsa hai")).toContain("Monsoon Slim Bottle at ₹1,199");
    expect(cheapestOfKind(catalogue, "most expensive bottle")).toContain("Everest Insulated Bottle at ₹2,799");
    // Cheap bottles told of beside another question are not asked for.
    expect(cheapestOfKind(catalogue, "Which grade of steel do you use? Some cheap bottles are 201 steel.")).toBeNull();
    expect(cheapestOfKind(catalogue, "I am on a budget. Which is your cheapest bottle?")).toContain("Monsoon Slim Bottle at ₹1,199");
    // Two products weighed against each other are compared, not the whole kind.
    expect(cheapestOfKind(catalogue, "chai tumbler vs espresso mini tumbler, which is cheaper?")).toBeNull();
    // Add-ons are not bottles, though their names say "bottle".
    expect(cheapestOfKind(catalogue, "cheapest bottle")).not.toContain("Sleeve");
    // No kind, or two: retrieval decides.
    expect(cheapestOfKind(catalogue, "cheapest option for my dad")).toBeNull();
    expect(cheapestOfKind(catalogue, "cheapest bottle or tumbler")).toBeNull();
    expect(cheapestOfKind(catalogue, "tumbler for chai")).toBeNull();
    // Sorting the listing by price is a how-to, not a question of which item.
    expect(cheapestOfKind(catalogue, "can i sort the bottles cheapest first")).toBeNull();
  });

  it("says whether a size is made, and the largest when it is not", () => {
    const twoLitre = sizeOffer(catalogue, "do you have 2 litre bottle? going for trek next month");
    expect(twoLitre).toContain("We do not make 2000ml bottles");
    expect(twoLitre).toContain("The largest, 1000ml");
    expect(twoLitre).toContain("Glacier Classic Bottle");
    expect(sizeOffer(catalogue, "750ml tumbler available?")).toContain("Travel Tumbler with Straw");
    // "hai", "chahiye": the Hindi for having one.
    expect(sizeOffer(catalogue, "1 litre wala bottle hai?")).toContain("Glacier Classic Bottle");
    const monsoon = sizeOffer(catalogue, "monsoon slim bottle 750ml available?");
    expect(monsoon).toContain("The Monsoon Slim Bottle comes in 350ml, 500ml, not 750ml");
    // A product made in that size is a question about the product; no size, or no asking: not this rule.
    expect(sizeOffer(catalogue, "does the glacier classic come in 750ml")).toBeNull();
    expect(sizeOffer(catalogue, "do you have bottles for kids")).toBeNull();
    expect(sizeOffer(catalogue, "my 750ml bottle leaks")).toBeNull();
  });

  it("names the largest or smallest size of the kind asked, with what is made in it", () => {
    const biggest = sizeExtreme(catalogue, "biggest bottle u have? i drink a lot of water at gym");
    expect(biggest).toContain("Our largest bottles hold 1000ml");
    expect(biggest).toContain("Everest Insulated Bottle");
    expect(biggest).not.toContain("Travel Tumbler");
    expect(sizeExtreme(catalogue, "smallest size you make")).toContain("Our smallest bottles and tumblers hold 350ml");
    // A product named, or no kind and no size asked of: not this rule.
    expect(sizeExtreme(catalogue, "largest glacier classic")).toBeNull();
    expect(sizeExtreme(catalogue, "biggest discount this diwali")).toBeNull();
  });

  it("compares an amount the shopper names with the free-shipping threshold", () => {
    const rule = { free_over_paise: 499_900, flat_fee_paise: 9_900 };
    expect(statedAmount("my cart is 3200 rs")).toBe(320_000);
    expect(statedAmount("₹5,000 order")).toBe(500_000);
    expect(statedAmount("around 25k total")).toBe(2_500_000);
    expect(statedAmount("my order total is 3000")).toBe(300_000);
    expect(statedAmount("my pin is 785001")).toBeNull();
    const under = shippingForAmount(catalogue, "my cart is 3200 rs, will i have to pay delivery charge??", rule);
    expect(under).toContain("An order of ₹3,200 is not over ₹4,999, so a flat ₹99 shipping applies.");
    expect(shippingForAmount(catalogue, "do i pay for delivery on a 5000 rupee order?", rule)).toContain("An order of ₹5,000 is over ₹4,999, so shipping is free.");
    // Exactly the threshold is not over it (the checkout's rule).
    expect(shippingForAmount(catalogue, "is shipping free on a 4999 rs order", rule)).toContain("not over ₹4,999");
    // A count of a named product, at the size named.
    expect(shippingForAmount(catalogue, "if i buy 2 everest bottles is shipping free", rule)).toContain("2 × Everest Insulated Bottle at ₹2,799 comes to ₹5,598, which is over ₹4,999");
    expect(shippingForAmount(catalogue, "2 glacier classic 1 litre bottles, any delivery charge?", rule)).toContain("comes to ₹4,198, which is not over ₹4,999");
    // No amount, cash on delivery, or no shipping charge asked: not this rule.
    expect(shippingForAmount(catalogue, "is shipping free?", rule)).toBeNull();
    expect(shippingForAmount(catalogue, "25000 rs order, cash on delivery possible?", rule)).toBeNull();
    expect(shippingForAmount(catalogue, "my cart is 3200 rs, can i pay by upi", rule)).toBeNull();
    expect(shippingForAmount(catalogue, "my cart is 3200 rs, will i have to pay delivery charge", null)).toBeNull();
  });

  it("answers none of the questions outside the catalogue's reach", () => {
    for (const q of ["do you sell shoes", "shoe size 9 available?", "gold rate today in chennai", "can you suggest a good laptop under 50k for college", "bulk order of 500 bottles with our company logo printed, what's the price per piece"]) {
      expect(catalogAnswer(catalogue, q), q).toBeNull();
      expect(catalogAnswer(catalogue, q, { free_over_paise: 499_900, flat_fee_paise: 9_900 }), q).toBeNull();
    }
  });

  describe("totals of the products a question lists", () => {
    const rule = { free_over_paise: 499900, flat_fee_paise: 9900, cod: { fee_paise: 4900, max_order_paise: 2000000 } };

    it("adds the listed products up, one price each, and leaves an unclear one to retrieval", () => {
      expect(listedLines(catalogue, "everest plus chai tumbler")?.map((l) => l.paise)).toEqual([279900, 99900]);
      expect(listedLines(catalogue, "glacier classic 750 and chai tumbler")?.map((l) => l.paise)).toEqual([179900, 99900]);
      // The Glacier Classic's price depends on a size the question does not give.
      expect(listedLines(catalogue, "glacier classic + chai tumbler")).toBeNull();
    });

    it("decides free shipping from two products named together", () => {
      expect(shippingForAmount(catalogue, "everest plus chai tumbler, will shipping be free?", rule)).toContain("₹3,798, which is not over ₹4,999, so a flat ₹99 shipping applies");
    });

    it("gives a cash-on-delivery total as checkout charges it: prices, shipping under the threshold, the COD fee", () => {
      expect(codTotal(catalogue, "glacier classic 500ml cod se, total kitna padega", rule)).toContain("₹1,647 in all");
      expect(codTotal(catalogue, "everest + travel tumbler 1000ml, cash on delivery, final amount?", rule)).toContain("with ₹99 shipping (free only over ₹4,999) and the ₹49 cash on delivery fee, comes to ₹4,946");
      expect(codTotal(catalogue, "everest + travel tumbler 1000ml + chai tumbler, cash on delivery, final amount?", rule)).toContain("with free shipping and the ₹49 cash on delivery fee, comes to ₹5,846");
      // A stated amount is checked against the COD limit as checkout checks it: with shipping and
      // the fee added (₹19,980 is under ₹20,000; with the fee it is not). No COD, no total.
      expect(codTotal(catalogue, "chai tumbler order around 25k total, can i pay cash on delivery", rule)).toContain("comes to ₹25,049: over the ₹20,000 cash on delivery limit");
      expect(codTotal(catalogue, "my total is 19,980 (shipping already free). can i still pick cash on delivery?", rule)).toContain("with free shipping and the ₹49 cash on delivery fee, comes to ₹20,029: over the ₹20,000");
      expect(codTotal(catalogue, "Our office wishes to place an order of approximately ₹25,000 and settle the amount in cash at the time of delivery. Is that permissible?", rule)).toContain("comes to ₹25,049: over the ₹20,000 cash on delivery limit");
      expect(codTotal(catalogue, "cod possible on 3000 rs order?", rule)).toContain("Yes: an order of ₹3,000, with ₹99 shipping (free only over ₹4,999) and the ₹49 cash on delivery fee, comes to ₹3,148, within");
      expect(codTotal(catalogue, "glacier classic 500ml total kitna padega", rule)).toBeNull();
      expect(codTotal(catalogue, "glacier classic 500ml cod total", { ...rule, cod: null })).toBeNull();
    });
  });

  it("names the cheapest item of the whole shop when no kind is asked", () => {
    expect(cheapestOfKind(catalogue, "cheapest thing on ur site?")).toContain("₹899");
    expect(cheapestOfKind(catalogue, "what is cheap")).toBeNull();
  });

  it("narrows the largest of a kind by a feature that merely names another product", () => {
    const withHandle = [
      ...catalogue.map((p) => (p.title.startsWith("Everest") ? { ...p, description: "Our largest bottle, with a steel carry handle." } : p)),
      product("Handle Mug Tumbler", ["350ml"], [1099]),
    ];
    expect(sizeExtreme(withHandle, "which is the largest bottle with a handle, for camping")).toContain("Everest Insulated Bottle");
    // Named as what it is (a tumbler), it is a question about that product.
    expect(sizeExtreme(withHandle, "largest handle mug tumbler")).toBeNull();
  });

  describe("a product's options and its own superlatives", () => {
    const options = (colours: string[]) => [{ name: "Color", values: colours }];
    const shop = [
      product("Glacier Classic Bottle", ["500ml", "750ml", "1000ml"], [1499, 1799, 2099], { options: options(["Black", "Navy", "White"]), description: "Our signature bottle." }),
      product("Arctic Pro Bottle", ["750ml", "1000ml"], [2199, 2499], { options: options(["Blue", "Teal"]), description: "Triple-layer copper lining for the longest cold. Keeps drinks cold." }),
      product("Everest Insulated Bottle", ["1000ml"], [2799], { description: "Our largest bottle, with a handle." }),
      product("Office Lid Tumbler", ["500ml"], [1099], { options: options(["Gray"]) }),
    ];

    it("lists the colours or sizes of the product named, in the catalogue's order, with prices per size", () => {
      expect(productOptions(shop, "glacier classic kis rang me aati hai? colours?")).toContain("Colours: Black, Navy, White");
      expect(productOptions(shop, "colours available for the arctic pro")).toContain("Colours: Blue, Teal");
      const sizes = productOptions(shop, "what sizes does the arctic pro come in");
      expect(sizes).toContain("750ml (₹2,199), 1000ml (₹2,499)");
      expect(sizes).toContain("/product/arctic-pro-bottle");
    });

    it("leaves a policy question, an unnamed product or one named only by a word of the shopper's day to the rest", () => {
      expect(productOptions(shop, "can i exchange the glacier classic for another colour")).toBeNull();
      expect(productOptions(shop, "what colours do you have")).toBeNull();
      expect(productOptions(shop, "which size is right for my office desk")).toBeNull();
    });

    it("answers 'which one is the most ...' with the one product whose description claims it", () => {
      expect(superlativeProduct(shop, "which flask stays cold the longest?")).toContain("Arctic Pro Bottle");
      // A superlative no product claims, or no question of which one, is for retrieval.
      expect(superlativeProduct(shop, "which bottle is the lightest")).toBeNull();
      expect(superlativeProduct(shop, "the arctic pro keeps it cold longest, right")).toBeNull();
    });
  });

  it("reads the cart's value however it is said, and says how much more makes shipping free", () => {
    expect(statedAmount("3800 in cart right now")).toBe(380000);
    expect(statedAmount("6200 ka saman hai")).toBe(620000);
    const rule = { free_over_paise: 499900, flat_fee_paise: 9900 };
    expect(shippingForAmount([], "i have 3800 in my cart, how much more to add for free delivery", rule)).toContain("Add more than ₹1,199");
    expect(shippingForAmount([], "6200 ka saman, shipping charge lagega?", rule)).not.toContain("Add more");
    expect(shippingForAmount([], "cart is exactly 4999, do i pay shipping", rule)).toContain("Add anything more");
  });
});

describe("a cart read from the question", () => {
  const rule = { free_over_paise: 499900, flat_fee_paise: 9900, cod: { fee_paise: 4900, max_order_paise: 2000000 } };
  const lines = (q: string) => cartLines(catalogue, q)?.map((l) => `${l.qty} ${l.p.title}${l.size ? ` ${l.size}` : ""}`);

  it("reads counts (numbers or words) before a product, sizes after it, and products joined any way", () => {
    expect(lines("2 glacier classic 500ml and 1 chai tumbler")).toEqual(["2 Glacier Classic Bottle 500ml", "1 Chai Tumbler"]);
    expect(lines("three everest bottles for the trek")).toEqual(["3 Everest Insulated Bottle"]);
    expect(lines("travel tumbler straw 1000ml + monsoon slim 350")).toEqual(["1 Travel Tumbler with Straw 1000ml", "1 Monsoon Slim Bottle 350ml"]);
    // Two sizes of one product are two lines.
    expect(lines("monsoon slim 350 and 500 both")).toEqual(["1 Monsoon Slim Bottle 350ml", "1 Monsoon Slim Bottle 500ml"]);
    // A product named again with its count is one line.
    expect(lines("for chai lovers: 4 chai tumblers")).toEqual(["4 Chai Tumbler"]);
  });

  it("gives up when a line's price depends on a size not given, and reads no cart where none is named", () => {
    expect(cartLines(catalogue, "2 glacier classic and 1 chai tumbler")).toBeNull();
    expect(cartLines(catalogue, "how long does shipping take")).toBeNull();
  });

  it("totals an order as checkout does: shipping under the threshold, free over it, and the COD fee when paying cash", () => {
    expect(cartTotal(catalogue, "2 glacier classic 500ml and 1 chai tumbler, total with delivery kitna hoga", rule)).toContain("total is ₹4,096");
    expect(cartTotal(catalogue, "5 chai tumblers for office team, total with shipping?", rule)).toContain("total is ₹5,094");
    expect(cartTotal(catalogue, "3 everest bottles how much", rule)).toContain("shipping is free (orders over ₹4,999), so the total is ₹8,397");
    expect(cartTotal(catalogue, "monsoon slim 350 and 500 both, total incl delivery", rule)).toContain("₹2,697");
    expect(codTotal(catalogue, "2 everest bottles, paying cod. total?", rule)).toContain("₹5,647");
    // Asked in Punjabi, with "te" (and) and "ik" (one) joining the lines: the same sum as in English.
    const english = cartTotal(catalogue, "2 glacier classic 500ml and 1 chai tumbler, total with delivery", rule);
    expect(english).toContain("total is ₹4,096");
    expect(cartTotal(catalogue, "2 glacier classic 500ml te ik chai tumbler, kul kinna banda delivery samet?", rule)).toBe(english);
    // One item once, or no total asked: not a cart total.
    expect(cartTotal(catalogue, "how much is the chai tumbler", rule)).toBeNull();
    expect(cartTotal(catalogue, "3 everest bottles, are they in stock", rule)).toBeNull();
  });
});

describe("products described and compared from the catalogue", () => {
  const insulated = "Double-wall vacuum insulation keeps drinks cold.";
  const shop = [
    product("Matte Tumbler", ["500ml"], [1199], { description: `Soft-touch matte finish, splash-proof lid. ${insulated}` }),
    product("Commuter Coffee Tumbler", ["350ml", "500ml"], [1299, 1499], { description: `A leak-proof slider lid that fits car cup holders. ${insulated}` }),
    product("Urban Smart Bottle", ["500ml"], [3999], { description: `A smart cap tracks your hydration. ${insulated}` }),
  ];

  it("compares named products by what each one's description says that the other's does not", () => {
    const answer = compareProducts(shop, "whats the diff between matte tumbler and commuter coffee tumbler?")!;
    expect(answer).toContain("Matte Tumbler (₹1,199): Soft-touch matte finish, splash-proof lid.");
    expect(answer).toContain("Commuter Coffee Tumbler (from ₹1,299): A leak-proof slider lid that fits car cup holders.");
    expect(answer).toContain(`Both: ${insulated}`);
    expect(compareProducts(shop, "difference between matte tumbler and others")).toBeNull();
  });

  it("says what a named product does, not when a policy or a price is asked", () => {
    expect(describeProduct(shop, "wht does the urban smart bottle do exactly")).toContain("A smart cap tracks your hydration");
    expect(describeProduct(shop, "what does the warranty cover on the urban smart bottle")).toBeNull();
    expect(describeProduct(shop, "what does the urban smart bottle cost")).toBeNull();
  });

  it("counts a quoted engraving against the limit", () => {
    expect(engravingFit("i want to engrave 'Happy Birthday Priyanka!!' on it, will it fit", 20)).toContain("25 characters");
    expect(engravingFit("i want to engrave 'Happy Birthday Priyanka!!' on it, will it fit", 20)).toContain("needs to be shortened");
    expect(engravingFit("can you engrave 'Riya'", 20)).toContain("so it fits");
    expect(engravingFit("how long can an engraving be", 20)).toBeNull();
  });

  it("says what the MRP saves beside a size's price, and narrows a size to the feature asked for", () => {
    const withMrp = [product("Glacier Classic Bottle", ["1000ml"], [2099], { variants: [{ title: "Black / 1000ml", pricePaise: 209900, compareAtPricePaise: 289900, stockQuantity: 3 }] })];
    expect(priceAtSize(withMrp, "glacier classic 1l mrp vs selling price, kitna bachega")).toContain("you save ₹800");
    const bottles = [
      product("Everest Insulated Bottle", ["1000ml"], [2799], { description: "Our largest bottle, with a steel carry handle." }),
      product("Arctic Pro Bottle", ["1000ml"], [2499], { description: "Triple-layer copper lining." }),
    ];
    const answer = sizeOffer(bottles, "going on a trek, need 1 litre bottle with a handle")!;
    expect(answer).toContain("Everest Insulated Bottle");
    expect(answer).not.toContain("Arctic Pro Bottle");
  });
});

describe("whether an add-on fits", () => {
  const shop = [
    product("Sport Cap", [], [999], { description: "A one-hand flip sport cap for standard-mouth bottles." }),
    product("Summit Sport Bottle", ["750ml"], [1799]),
    product("Glacier Classic Bottle", ["500ml"], [1499]),
  ];

  it("answers with what the add-on is made for, on one of ours or asked of which of ours", () => {
    expect(accessoryFit(shop, "will the sport cap fit my glacier classic?")).toContain("for standard-mouth bottles");
    expect(accessoryFit(shop, "sport cap fits which bottles")).toContain("for standard-mouth bottles");
  });

  it("leaves another brand's bottle, and a product named without its kind word, alone", () => {
    expect(accessoryFit(shop, "will your sport cap fit my milton bottle")).toBeNull();
    expect(accessoryFit(shop, "will the summit sport fit in my car")).toBeNull();
  });
});

describe("the blind8 round: sizes, prices before a discount, limits as checkout applies them", () => {
  const rule = { free_over_paise: 499_900, flat_fee_paise: 9_900, cod: { fee_paise: 4_900, max_order_paise: 2_000_000 } };

  it("gives what a bigger size costs over a smaller one of the same product", () => {
    expect(sizePriceDifference(catalogue, "glacier classic 750 vs 1000, how much extra for the bigger one")).toContain("750ml ₹1,799, 1000ml ₹2,099, so the 1000ml is ₹300 more");
    expect(sizePriceDifference(catalogue, "glacier classic 500ml aur 1 litre me kitna farak hai")).toContain("the 1000ml is ₹600 more");
    // One size, no product, or a size the product is not made in: not this rule.
    expect(sizePriceDifference(catalogue, "glacier classic 750 how much")).toBeNull();
    expect(sizePriceDifference(catalogue, "750 vs 1000, how much extra")).toBeNull();
    expect(sizePriceDifference(catalogue, "monsoon slim 350 vs 1000 how much more")).toBeNull();
  });

  it("gives the price before the discount (the struck-out MRP) of a named product, or says it has none", () => {
    const shop = [
      product("Sport Cap", [], [999], { variants: [{ title: "Black", pricePaise: 99_900, compareAtPricePaise: 119_900, stockQuantity: 4 }] }),
      product("Chai Tumbler", ["350ml"], [999]),
    ];
    expect(originalPrice(shop, "sport cap shows a discount, wat was the original price")).toContain("₹999, was ₹1,199 (you save ₹200)");
    expect(originalPrice(shop, "chai tumbler ka original price kya tha")).toContain("with no discount");
    expect(originalPrice(shop, "what is the price of the sport cap")).toBeNull();
    // Asked as a discount or "how much off", with the saving; a discount code is checkout's box.
    expect(originalPrice(shop, "how much off on the sport cap?")).toContain("you save ₹200");
    expect(originalPrice(shop, "sport cap pe kitna discount hai mrp se")).toContain("was ₹1,199");
    expect(originalPrice(shop, "any discount code for the sport cap")).toBeNull();
  });

  it("finds the cheapest of a kind in the size asked, at that size's price", () => {
    expect(cheapestOfKind(catalogue, "cheapest 1 litre bottle available?")).toContain("Our cheapest 1000ml bottle is the Glacier Classic Bottle 1000ml at ₹2,099");
    expect(cheapestOfKind(catalogue, "cheapest bottle")).toContain("Monsoon Slim Bottle at ₹1,199");
  });

  it("reads the largest size from the part that asks, not a product named by the story around it", () => {
    const answer = sizeExtreme(catalogue, "planning a 5 day trek in kasol, which is ur biggest bottle size")!;
    expect(answer).toContain("Our largest bottles hold 1000ml");
    expect(sizeExtreme(catalogue, "what is the biggest size of the trek flip-lid bottle")).toBeNull();
  });

  it("reads the same count said twice as the same items, another count as more", () => {
    expect(cartLines(catalogue, "3 chai tumblers for my three colleagues")?.map((l) => l.qty)).toEqual([3]);
    expect(cartLines(catalogue, "2 chai tumbler for office and 1 chai tumbler for home")?.map((l) => l.qty)).toEqual([3]);
  });

  it("checks cash on delivery against its limit with the COD fee, as checkout does, and answers an order of several without a total word", () => {
    // ₹19,980 of tumblers: under ₹20,000, but ₹20,029 with the fee, which checkout refuses.
    expect(codTotal(catalogue, "need 20 chai tumblers for our office diwali gifting, can we pay cash on delivery for the whole lot?", rule)).toContain("comes to ₹20,029 with the ₹49 cash on delivery fee, over the ₹20,000 cash on delivery limit");
    expect(codTotal(catalogue, "19 chai tumblers, can i pay cash on delivery?", rule)).toContain("comes to ₹19,030 in all");
    // One item and no total asked: the COD passage answers.
    expect(codTotal(catalogue, "can i pay cash on delivery for the chai tumbler", rule)).toBeNull();
  });

  it("answers a count over one order line's limit, and leaves a large order's price to the team", () => {
    expect(overLineLimit(catalogue, "want 75 espresso tumblers for a corporate event, can i order all in one line")).toContain("at most 50 of an item");
    expect(overLineLimit(catalogue, "can i add 60 chai tumbler to cart")).toContain("60 of one item");
    expect(overLineLimit(catalogue, "want 60 of the same bottle for a company event, can i order all in one go")).toContain("60 of one item");
    expect(overLineLimit(catalogue, "used it for 60 days, bottle still fine")).toBeNull();
    expect(overLineLimit(catalogue, "300 pieces ka bulk order hai, kitna discount doge")).toBeNull();
    expect(overLineLimit(catalogue, "can i order 50 chai tumblers")).toBeNull();
    expect(overLineLimit(catalogue, "my pin is 560034 and i want 2 bottles")).toBeNull();
  });
});

describe("the GST inside an amount", () => {
  const gst = { ratePercent: 18 };
  it("takes the tax out of a stated amount as the invoice does, in whole rupees that add up", () => {
    const answer = gstInside("For my menu board, how much GST is sitting inside the ₹999 Chai Tumbler price?", gst)!;
    // 999 × 100 / 118 = 846.61: ₹847 before tax, ₹152 of GST.
    expect(answer).toContain("of ₹999, about ₹847 is the value before tax and ₹152 is GST at 18%");
    expect(answer).toContain("CGST + SGST");
    expect(answer).toContain("IGST");
    expect(gstInside("is gst included in the 2499 rs price? how much tax is that", gst)).toContain("₹2,118 is the value before tax and ₹381 is GST");
    // At another rate, the same way.
    expect(gstInside("how much gst inside ₹1,120", { ratePercent: 12 })).toContain("about ₹1,000 is the value before tax and ₹120 is GST at 12%");
  });
  it("answers nothing without an amount, a tax word or a question of how much is inside", () => {
    expect(gstInside("how much gst do you charge", gst)).toBeNull();
    expect(gstInside("how much is the ₹999 tumbler with shipping", gst)).toBeNull();
    expect(gstInside("gst number for 999 order", gst)).toBeNull();
    expect(gstInside("how much gst inside ₹999", null)).toBeNull();
  });
  it("is one of the computed answers once the GST rule is known", () => {
    expect(catalogAnswer([], "how much GST is inside ₹999?", null, gst)).toContain("₹152 is GST");
    expect(catalogAnswer([], "how much GST is inside ₹999?", null, null)).toBeNull();
  });
});

describe("the blind16 round's second pass: counting words and kind words", () => {
  const rule = { free_over_paise: 499900, flat_fee_paise: 9900, cod: { fee_paise: 4900, max_order_paise: 2000000 } };
  it("reads a count with a counting word before the name ('6 nang', '4 pcs') as the count", () => {
    // Gujarati: six pieces of the 1000ml for the staff, with delivery, what will it come to.
    expect(cartTotal(catalogue, "6 nang Glacier Classic 1000ml joie che staff mate, delivery sathe total ketla thase?", rule)).toContain(
      "6 × Glacier Classic Bottle 1000ml at ₹2,099 comes to ₹12,594; shipping is free",
    );
    expect(cartTotal(catalogue, "4 pcs 750ml glacier classic, total?", rule)).toContain("4 × Glacier Classic Bottle 750ml at ₹1,799 comes to ₹7,196");
  });
  it("takes a kind word of the name as half a name word: 'tumbler with straw' is the tumbler, 'straw lid' the lid", () => {
    expect(namedProduct(catalogue, "tumbler with straw, 1L size - price?")?.title).toBe("Travel Tumbler with Straw");
    expect(priceAtSize(catalogue, "tumbler with straw, 1L size - price?")).toContain("Travel Tumbler with Straw, 1000ml: ₹1,999");
    expect(namedProduct(catalogue, "straw lid price")?.title).toBe("Straw Lid");
    expect(namedProduct(catalogue, "straw lid for my tumbler, price?")?.title).toBe("Straw Lid");
    // A straw alone is the Straw Lid: its whole distinctive name.
    expect(namedProduct(catalogue, "straw price?")?.title).toBe("Straw Lid");
  });
});

describe("the blind17 round: counts and largest in other languages", () => {
  const rule = { free_over_paise: 499900, flat_fee_paise: 9900, cod: { fee_paise: 4900, max_order_paise: 2000000 } };
  it("reads '6 ta' (Bengali, Assamese) and '4 go' (Bhojpuri) as counts, and their how-much words as asking a total", () => {
    expect(cartTotal(catalogue, "6 ta Chai Tumbler lobo. delivery charge hoile shob milai kiman hobo?", rule)).toContain("6 × Chai Tumbler at ₹999 comes to ₹5,994; shipping is free");
    expect(codTotal(catalogue, "4 go chai tumbler COD se mangaib ta kul ketna lagi?", rule)).toContain("4 × Chai Tumbler at ₹999");
    expect(cartTotal(catalogue, "gote Everest Insulated Bottle au gote Chai Tumbler, total kete?", rule)).toContain("comes to ₹3,798; a flat ₹99 shipping applies");
  });
  it("finds the largest and smallest asked in Bengali and Marathi", () => {
    expect(sizeExtreme(catalogue, "sob cheye boro tumbler konta?")).toContain("1000ml");
    expect(sizeExtreme(catalogue, "sarvat lahan bottle konti?")).toContain("350ml");
  });
});

describe("the blind18 round: a count after the name", () => {
  const rule = { free_over_paise: 499900, flat_fee_paise: 9900, cod: { fee_paise: 4900, max_order_paise: 2000000 } };
  it("reads 'everest ki 2 bottle' and 'chai tumbler x 4' as counts, and not a number of days after a name", () => {
    expect(codTotal(catalogue, "everest ki 2 bottle cod pe mangwani hai, delivery pe total kitna dena hoga", rule)).toContain("2 × Everest Insulated Bottle at ₹2,799, with free shipping and the ₹49 cash on delivery fee, comes to ₹5,647");
    expect(cartTotal(catalogue, "chai tumbler x 4, total?", rule)).toContain("4 × Chai Tumbler at ₹999 comes to ₹3,996");
    expect(cartLines(catalogue, "bought glacier classic 750ml 2 days ago, total?")?.[0]?.qty).toBe(1);
  });
});
describe("a count after the name, not another product's", () => {
  it("leaves a count before the next name to that product", () => {
    const lines = cartLines(catalogue, "glacier classic 750ml 2 chai tumbler total?");
    expect(lines?.map((l) => [l.p.title, l.qty])).toEqual([["Glacier Classic Bottle", 1], ["Chai Tumbler", 2]]);
  });
});

describe("the blind19 round: a size after 'in' or a comma, and a list the cart reading misses", () => {
  const rule = { free_over_paise: 499900, flat_fee_paise: 9900, cod: { fee_paise: 4900, max_order_paise: 2000000 } };
  it("takes 'in 1000ml' and ', 750ml' as the size of the product just named", () => {
    expect(cartTotal(catalogue, "We want 6 Glacier Classic Bottles in 1 litre for our office team, prepaid. How much in total?", rule)).toContain("6 × Glacier Classic Bottle 1000ml at ₹2,099 comes to ₹12,594");
    expect(cartTotal(catalogue, "2 Travel Tumbler with Straw, 750ml, total with delivery?", rule)).toContain("2 × Travel Tumbler with Straw 750ml at ₹1,699 comes to ₹3,398");
  });
  it("reads a list by its parts when the cart reading found fewer products and counted none", () => {
    expect(cartTotal(catalogue, "I would like the Everest bottle and the Glacier Classic in 1 litre together. What will the total be?", rule)).toContain("Everest Insulated Bottle (₹2,799) + Glacier Classic Bottle 1000ml (₹2,099) comes to ₹4,898");
  });
});

describe("the blind21 round: paying cash on arrival is cash on delivery", () => {
  const rule = { free_over_paise: 499900, flat_fee_paise: 9900, cod: { fee_paise: 4900, max_order_paise: 2000000 } };
  it("adds the cash on delivery fee to a total paid in cash when the parcel comes", () => {
    expect(codTotal(catalogue, "3 chai tumblers for the office, paying cash when it comes, total?", rule)).toContain("comes to ₹3,145 in all");
    expect(codTotal(catalogue, "3 chai tumblers, i will pay by cash, total?", rule)).toContain("₹49 cash on delivery fee");
  });
});

describe("the blind22 round: a price asked in another language", () => {
  it("gives a named size's price asked with 'dam koto' or 'kete tanka'", () => {
    expect(priceAtSize(catalogue, "Monsoon Slim 500ml kinbo, dam koto?")).toContain("Monsoon Slim Bottle, 500ml: ₹1,399");
    expect(priceAtSize(catalogue, "glacier classic 750ml kete tanka?")).toContain("₹1,799");
  });
  it("reads 'the 1 litre size' as the size of the product just named", () => {
    const rule = { free_over_paise: 499900, flat_fee_paise: 9900, cod: null };
    expect(cartTotal(catalogue, "want 5 Glacier Classic bottles, the 1 litre size, for my clients. Total please?", rule)).toContain("5 × Glacier Classic Bottle 1000ml at ₹2,099 comes to ₹10,495");
  });
  it("reads 'sabto vaddi' as the largest", () => {
    expect(sizeExtreme(catalogue, "Sabto vaddi bottle kinne ml di hai?")).toContain("1000ml");
  });
});
