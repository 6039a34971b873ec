import type { MenuItem } from "~/modules/content/content";

// Text of the demo store: FAQ, content pages, header menu, popup.
export const DEMO_FAQ = [
  { question: "How long do GLACIAL bottles keep drinks cold or hot?", answer: "Our double-wall vacuum insulation keeps drinks cold for up to 24 hours and hot for up to 12 hours." },
  { question: "Are GLACIAL bottles BPA-free and safe?", answer: "Yes. Every bottle is made from BPA-free, 18/8 food-grade stainless steel, and the lids are BPA-free too." },
  { question: "What sizes are available?", answer: "Our bottles and tumblers come in sizes from 350ml to 1000ml, so there is one for the school bag, the desk and the trek." },
  { question: "Do your products come with a warranty?", answer: "Yes: every GLACIAL product carries a {warranty} against manufacturer's defects." },
  { question: "How do I clean my bottle?", answer: "Hand wash with warm soapy water and a bottle brush. Please do not put your bottle in the dishwasher: the heat can damage the vacuum seal and the finish." },
  { question: "Can I carry carbonated drinks?", answer: "Yes, but open the lid slowly to release the pressure, and do not shake the bottle." },
];

export const DEMO_PAGES: { slug: string; title: string; seoDescription: string; body: string }[] = [
  {
    slug: "about",
    title: "Our Story",
    seoDescription: "How GLACIAL started: insulated bottles designed in Bengaluru for Indian summers.",
    body: `# Our Story\n\nGLACIAL began in Bengaluru in 2021 with a simple frustration: a water bottle that was warm by eleven in the morning.\n\nWe design double-wall vacuum-insulated bottles and tumblers that keep water cold for up to 24 hours and chai hot for up to 12, from BPA-free, food-grade stainless steel.\n\n## What we care about\n\n- **Built to last**: every product carries a 2 year warranty.\n- **Less plastic**: one bottle replaces hundreds of single-use ones.\n- **Honest prices**: GST-inclusive prices, free shipping over ₹4,999.`,
  },
  {
    slug: "contact",
    title: "Contact Us",
    seoDescription: "Reach GLACIAL customer care by phone, email or live chat, 24 hours a day, 7 days a week.",
    body: `# Contact Us\n\nWe are here 24 hours a day, 7 days a week.\n\n- **Phone**: +91 80 4718 2200\n- **Email**: care@glacial.in\n- **Live chat**: the chat button at the bottom-left of every page.\n\n**Registered office**: GLACIAL Drinkware Pvt. Ltd., 3rd Floor, 12 Residency Road, Bengaluru, Karnataka 560025.`,
  },
  {
    slug: "faq",
    title: "Frequently Asked Questions",
    seoDescription: "Answers about insulation, materials, sizes, warranty, cleaning and carbonated drinks.",
    body: `# Frequently Asked Questions\n\n## Orders and shipping\n\nOrders ship within 1-2 working days. Delivery takes 3-7 working days across India. Shipping is free on orders over ₹4,999.\n\n## Returns\n\nUnused products can be returned within 7 days of delivery. See our Return & Refund Policy.\n\n## Care\n\nHand wash only. Bottles are not dishwasher safe.`,
  },
  {
    slug: "shipping-policy",
    title: "Shipping Policy",
    seoDescription: "Delivery times, shipping charges and free shipping over ₹4,999 across India.",
    body: `# Shipping Policy\n\n- We ship to every serviceable PIN code in India.\n- Orders are dispatched within 1-2 working days; delivery takes 3-7 working days.\n- **Free shipping** on orders over ₹4,999; a flat fee of ₹99 applies below that.\n- You receive a tracking link by email and SMS once your order ships.`,
  },
  {
    slug: "return-policy",
    title: "Return & Refund Policy",
    seoDescription: "Returns within 7 days of delivery, refunds to the original payment method.",
    body: `# Return & Refund Policy\n\n- Unused products in their original packaging can be returned within **7 days** of delivery.\n- Engraved products cannot be returned unless they arrive damaged or defective.\n- Refunds go to the original payment method within 5-7 working days of our receiving the return.\n- Defects are covered by our 2 year warranty: write to care@glacial.in with your order number and a photo.`,
  },
  {
    slug: "privacy-policy",
    title: "Privacy Policy",
    seoDescription: "What personal data GLACIAL collects, why, and your rights under India's DPDP Act.",
    body: `# Privacy Policy\n\nWe collect only what we need to deliver your order and support you: your name, contact details and delivery address. We never sell your data.\n\nYou may ask to see, correct or erase your data at any time by writing to care@glacial.in, in line with the Digital Personal Data Protection Act, 2023.`,
  },
  {
    slug: "terms-of-service",
    title: "Terms of Service",
    seoDescription: "The terms that apply when you shop at GLACIAL.",
    body: `# Terms of Service\n\nBy using this site you agree to these terms. Prices are in Indian rupees and include GST. We may cancel an order when a product is out of stock or mispriced, with a full refund.\n\nThese terms are governed by the laws of India; courts in Bengaluru have jurisdiction.`,
  },
  {
    slug: "cookies-policy",
    title: "Cookies Policy",
    seoDescription: "Which cookies and browser storage GLACIAL uses and why.",
    body: `# Cookies Policy\n\nWe use only what the shop needs to work:\n\n- **cart** (browser storage): the items in your cart.\n- **session cookies**: keep you signed in.\n- **popup timestamps** (browser storage): so we do not show you the same offer twice.\n\nWe do not use advertising cookies.`,
  },
];

export const DEMO_MENU: MenuItem[] = [
  {
    id: "bottles",
    order: 1,
    type: "megamenu",
    label: "Water Bottles",
    url: "/bottles",
    sections: [
      {
        title: "Shop by use",
        links: [
          { label: "Everyday Bottles", url: "/collections/everyday-bottles", order: 1 },
          { label: "Outdoor & Trek", url: "/collections/outdoor", order: 2 },
          { label: "Kids", url: "/collections/kids", order: 3 },
        ],
      },
      {
        title: "Shop by finish",
        links: [
          { label: "Matte Collection", url: "/collections/matte", order: 1 },
          { label: "All Bottles", url: "/bottles", order: 2 },
        ],
      },
    ],
  },
  { id: "tumblers", order: 2, type: "simple", label: "Tumblers", url: "/tumblers" },
  { id: "accessories", order: 3, type: "simple", label: "Accessories", url: "/accessories" },
  { id: "gifting", order: 4, type: "simple", label: "Gifting", url: "/collections/gifting" },
  { id: "all", order: 5, type: "simple", label: "All Products", url: "/category/all-products" },
];

export const DEMO_POPUP = {
  isActive: true,
  title: "Get 10% off your first bottle",
  description: "Join the GLACIAL list for early access to new colours and members-only offers.",
  emailCollection: true,
  consentText: "I agree to receive emails from GLACIAL. I can unsubscribe at any time.",
  ctaText: "Claim my 10% off",
  ctaLink: "/collection/matte",
  showFrequency: "once_per_day" as const,
  delaySeconds: 8,
  showOnPages: ["/"],
};
