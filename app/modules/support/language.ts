import { stemmer } from "stemmer";
import { DEVANAGARI_WORDS } from "./devanagari";
import { HINGLISH_CONCEPTS, HINGLISH_CONTEXT, HINGLISH_STOP_WORDS, HINGLISH_WEAK } from "./hinglish";
import { REGIONAL_CONCEPTS, REGIONAL_CONTEXT, REGIONAL_STOP_WORDS, REGIONAL_WEAK } from "./regional";

// How the bot reads a shopper's words, the same way for the shop's own text (when it is indexed)
// and for a question: lower case, phrases rewritten, stop words dropped, Porter stems, and each
// word's concept (a synonym group), so that "guarantee" finds "warranty", "courier" finds
// "shipping" and "kitna" finds a price. Pure and dependency-light, so it is unit-tested alone.

/** A concept token: never produced by stemming (stems hold no "#"), so it cannot collide with a word. */
const concept = (name: string) => `#${name}`;

/**
 * Synonym groups: every word listed (as the shopper types it; stems are taken here) also yields
 * the group's concept. A word may sit in more than one group. Hinglish words common in shopping
 * sit beside their English ones.
 */
const GROUPS: Record<string, string[]> = {
  ship: ["ship", "shipping", "shipped", "shipment", "delivery", "deliver", "delivered", "deliveries", "courier", "postage", "dispatch", "dispatched", "parcel", "package", "send", "sent", "reach", "arrive", "arrives", "arrived", "arriving",
    // Where a parcel leaves from.
    "warehouse", "godown", "bhej", "bhejo", "bhejenge", "aayega", "aaega", "ayega", "pahunchega"],
  price: ["price", "prices", "priced", "cost", "costs", "fee", "fees", "charge", "charges", "charged", "rate", "mrp", "rupee", "rupees", "rs", "inr", "kitna", "kitne", "kitni", "daam", "dam", "keemat", "kimat", "expensive", "cheap", "extra", "much", "amount", "total", "subtotal", "sale", "discount", "discounts", "offer", "offers", "deal", "deals", "worth", "value", "valued", "costlier", "pricier", "cheaper",
    // What the shopper spends, and "kitna padega" (what it will come to).
    "spend", "spending", "spent", "padega", "padegi",
    // A code for money off: the first-order discount code is the shop's one.
    "coupon", "coupons", "promo", "promocode", "voucher", "vouchers"],
  // Bounds of an amount: "free over ₹4,999", "COD up to ₹20,000" (see PHRASES) and the shopper's "minimum", "max".
  limit: ["limit", "limits", "max", "maximum", "min", "minimum", "threshold", "upto", "atleast"],
  free: ["free", "muft", "complimentary"],
  warranty: ["warranty", "warranties", "guarantee", "guaranty", "guarantees", "covered", "cover", "coverage", "claim", "claims",
    // What a warranty claim gets the shopper.
    "replace", "replaced", "replacement", "replacing"],
  defect: ["scratch", "scratched", "scratches", "defect", "defects", "defective", "broken", "break", "breaks", "damaged", "damage", "dent", "dented", "dents", "crack", "cracked", "faulty", "kharab", "toota", "tuta", "tooti", "tuti", "broke", "chipped", "peeling", "rust", "rusted", "rusting", "problem", "issue", "wrong", "defect",
    // Made wrong: a manufacturing defect, which the warranty covers.
    "factory", "manufacturing", "manufacturer"],
  carbonated: ["carbonated", "soda", "fizzy", "sparkling", "cola", "coke", "pepsi", "sprite", "aerated", "gas", "limca", "thums", "thumsup", "fanta", "mirinda",
    // What a fizzy drink does to a closed lid.
    "pressure", "popped", "pop", "pops", "burst", "bursts", "explode", "explodes", "exploded", "blast",
    // Beer is carbonated too: the same lid advice holds.
    "beer", "beers",
    // Fizzy drinks shoppers name by brand, and "fatega" (will it burst).
    "thums", "thumsup", "limca", "fanta", "mirinda", "7up", "fatega", "fategi", "phatega"],
  size: ["size", "sizes", "capacity", "capacities", "litre", "liter", "litres", "liters", "ml", "volume", "big", "bigger", "biggest", "small", "smaller", "smallest", "large", "larger", "largest", "hold", "holds"],
  hours: ["always", "sunday", "saturday", "weekend", "weekends", "night", "nights", "midnight", "holiday", "holidays", "timing", "timings", "close", "closed", "closes", "closing"],
  contact: ["contact", "phone", "telephone", "call", "number", "helpline", "email", "mail", "gmail", "yahoo", "hotmail", "outlook", "reach", "support", "care", "complaint", "complain", "grievance", "grievances", "team", "talk",
    // Being answered: "will someone reply".
    "reply", "replies", "respond", "response", "answer", "answers"],
  office: ["located", "location", "headquarters", "headquartered", "hq", "registered", "based", "situated"],
  clean: ["clean", "cleaning", "wash", "washing", "washed", "rinse", "rinsed", "rinsing", "dishwasher", "soap", "scrub", "saaf", "dho", "dhona", "dhoye",
    // A bottle that smells or is stained needs cleaning: the shopper names the symptom, not the cure.
    "smell", "smells", "smelly", "smelling", "odour", "odor", "stink", "stinks", "stinky", "badbu", "mould", "mold", "fungus", "dirty", "stain", "stains", "stained"],
  dishwasher: ["dishwasher"],
  // Two offers at once: "can I club two coupons", "use both codes together" (codes cannot be combined).
  combine: ["combine", "combined", "combining", "combination", "together", "club", "clubbed", "clubbing", "stack", "stacked", "stacking"],
  // How long a password must be: its length is counted in characters.
  characters: ["character", "characters", "chars", "char", "length", "letters"],
  // Opened or held with one hand (the Hinglish "haath" joins it).
  hand: ["hand", "hands", "handed", "finger", "fingers", "thumb"],
  cold: ["cold", "chilled", "chill", "cool", "ice", "icy", "melt", "melts", "melting", "thanda", "thandi", "barf", "baraf"],
  hot: ["hot", "warm", "garam", "heat"],
  duration: ["day", "days", "din", "hour", "hours", "hr", "hrs", "ghanta", "ghante", "ghanton", "minute", "minutes", "mins", "week", "weeks", "month", "months", "year", "years", "long", "soon", "der", "kab", "saal", "period", "today", "tomorrow", "lifetime", "forever"],
  return: ["return", "returns", "returned", "returning", "exchange", "wapas", "vapas", "wapis"],
  refund: ["refund", "refunds", "refunded", "reimburse",
    // Money taken that should not have been: a failed payment that was still debited comes back.
    "deducted", "debited"],
  bpa: ["bpa", "plastic", "chemical", "chemicals", "toxic", "toxin", "toxins", "harmful", "safe"],
  // Other materials a shopper compares with ("steel or aluminium?"): the answer is what ours are made of.
  material: ["steel", "metal", "material", "materials", "stainless", "grade", "aluminium", "aluminum", "iron", "quality"],
  privacy: ["privacy", "personal", "data", "details", "information", "info", "share", "shares", "sharing", "shared",
    // What the shop holds about a shopper: "your records", "your database".
    "record", "records", "database",
    // Unwanted calls and mails a shopper blames on a shop that shares numbers.
    "spam", "spammed", "telemarketing",
    // Passing a shopper's number on to others who sell: "do you sell my number to marketing people".
    "marketing", "marketers", "telecallers"],
  // What the boot is made of, as a shopper names it.
  silicone: ["silicone", "rubber", "rubbery"],
  // The base of a bottle and the noise it makes on a desk: what the silicone boot is for.
  base: ["base", "bottom", "underside"],
  noise: ["silence", "silences", "silent", "noise", "noisy", "loud", "clank", "clanking", "clang", "rattle", "rattles", "sound"],
  // Riding: the shop's "runs and rides".
  ride: ["ride", "rides", "riding", "bike", "bikes", "bicycle", "cycle", "cycling", "scooter", "scooty", "motorbike"],
  erase: ["delete", "deleted", "erase", "erased", "remove", "removed"],
  // The law a policy follows: the privacy policy names the Act.
  law: ["law", "laws", "act", "legal", "regulation", "regulations", "compliance", "comply", "compliant",
    // Where a dispute goes: the terms name the courts.
    "dispute", "disputes", "court", "courts", "jurisdiction", "adalat"],
  // What the carry strap is made of, as a shopper describes it.
  cord: ["paracord", "cord", "rope", "nylon"],
  // Items kept for a shopper while a payment is pending: the payment hold.
  held: ["hold", "held", "holding", "reserve", "reserved", "reserving", "reservation", "block", "blocked", "waits", "wait"],
  cookie: ["cookie", "cookies", "tracker", "trackers"],
  // A shopper's account on the site, however the signing up is spelled.
  account: ["account", "accounts", "signup", "signups", "login", "logins", "signin", "register", "registering", "registration"],
  advert: ["advertising", "ads", "ad", "advert", "advertisement", "adverts"],
  tax: ["tax", "taxes", "gst", "gstin", "inclusive", "include", "included", "includes"],
  // How GST is split on an invoice: within the seller's state or to another state.
  taxsplit: ["igst", "cgst", "sgst", "utgst", "split", "breakup", "interstate", "intrastate"],
  // The tariff code a business buyer's accounts team asks for.
  hsn: ["hsn", "sac", "tariff"],
  // How many of one item an order may hold.
  quantity: ["quantity", "quantities", "qty", "piece", "pieces", "pcs", "units", "nos"],
  invoice: ["invoice", "invoices", "bill", "bills", "billing", "receipt", "receipts", "gstin", "reimbursement", "pdf"],
  cod: ["cod", "cash"],
  payment: ["pay", "payment", "payments", "paying", "paid", "gateway", "gateways", "upi", "card", "cards", "netbanking", "gpay", "paytm", "phonepe", "wallet", "online", "prepaid", "settle", "settled", "settling"],
  founded: ["started", "founded", "began", "begin", "start", "established", "history", "story", "shuru"],
  // Where: India, its places, and abroad (the shipping policy's "every PIN code in India" answers all of them).
  india: ["india", "indian", "bengaluru", "bangalore", "abroad", "international", "overseas", "country", "countries", "dubai", "usa", "uk", "singapore", "foreign", "nepal", "kathmandu", "bhutan", "bangladesh", "dhaka", "lanka", "colombo", "maldives", "canada", "australia", "london", "europe", "gulf", "uae", "qatar", "saudi", "oman", "kuwait", "town", "towns", "city", "cities", "village", "villages", "places", "gaon", "gaanv", "kasba", "metro", "metros", "pin", "pincode", "area", "pune", "mumbai", "delhi", "chennai", "kolkata", "hyderabad", "jaipur", "lucknow", "patna", "kochi", "guwahati",
    // More of the towns shoppers name ("Bikaner tak delivery").
    "bikaner", "jodhpur", "udaipur", "ajmer", "kota", "agra", "kanpur", "varanasi", "allahabad", "prayagraj", "meerut", "bareilly", "gorakhpur", "aligarh", "jhansi", "gwalior", "jabalpur", "ujjain", "amritsar", "ludhiana", "jalandhar", "patiala", "jammu", "shimla", "gangtok", "siliguri", "durgapur", "asansol", "cuttack", "rourkela", "jamshedpur", "dhanbad", "muzaffarpur", "nashik", "aurangabad", "kolhapur", "solapur", "thane", "rajkot", "vadodara", "bhavnagar", "jamnagar", "hubli", "hubballi", "mangalore", "mangaluru", "belgaum", "belagavi", "madurai", "trichy", "tiruchirappalli", "salem", "tirunelveli", "vellore", "thrissur", "kozhikode", "calicut", "kottayam", "thiruvananthapuram", "trivandrum", "vijayawada", "guntur", "nellore", "tirupati", "warangal", "kurnool", "puducherry", "pondicherry", "panaji", "agartala", "aizawl", "kohima", "itanagar", "dibrugarh", "silchar",
    "ahmedabad", "surat", "indore", "bhopal", "nagpur", "chandigarh", "noida", "gurgaon", "gurugram", "coimbatore", "mysuru", "mysore", "vizag", "visakhapatnam", "bhubaneswar", "dehradun", "srinagar", "ranchi", "raipur", "shillong", "imphal",
    "state", "states", "northeast", "assam", "kerala", "goa", "bihar", "punjab", "haryana", "gujarat", "rajasthan", "karnataka", "maharashtra", "tamilnadu", "telangana", "andhra", "odisha", "orissa", "bengal", "jharkhand", "chhattisgarh", "uttarakhand", "himachal", "kashmir", "ladakh", "sikkim", "meghalaya", "manipur", "mizoram", "nagaland", "tripura", "arunachal", "pradesh", "rural", "remote", "manali", "shimla", "ooty", "leh", "rishikesh"],
  kids: ["kid", "kids", "child", "children", "son", "daughter", "school", "baby", "toddler", "toddlers", "bachcha", "bacche", "bachon"],
  gift: ["gift", "gifts", "gifting", "present", "diwali", "rakhi", "birthday", "corporate", "festival", "festive"],
  engrave: ["engrave", "engraved", "engraving", "engravable", "personalised", "personalized", "personalise", "personalize", "name", "naam", "initials", "monogram", "letter", "letters", "character", "characters", "chars"],
  straw: ["straw", "sipper", "sip"],
  brush: ["brush", "brushes"],
  car: ["car", "holder", "holders", "commute", "commuter", "driving", "drive"],
  temperature: ["temperature", "temp", "thermometer", "display", "show", "shows"],
  copper: ["copper", "tamba"],
  wide: ["wide", "mouth", "opening"],
  sweat: ["sweat", "sweats", "sweating", "condensation", "wet", "droplets", "moisture"],
  // What a return turns on: whether the product is unused, in its packaging.
  condition: ["condition", "used", "unused", "opened", "unopened", "packaging", "packed", "sealed", "box", "original", "tag", "tags", "wrapper", "dabba", "dibba", "dabbe", "packet", "carton"],
  lid: ["lid", "lids", "cap", "caps", "hinge", "seal", "gasket", "spout", "dhakkan", "dhakan"],
  leak: ["leak", "leaks", "leaking", "spill", "spills", "spilling"],
  colour: ["colour", "color", "colours", "colors", "shade", "shades", "rang"],
  stock: ["stock", "sold", "available", "availability", "unavailable"],
  bottle: ["bottle", "bottles", "flask", "flasks", "bottel", "bottels", "thermos", "botal", "bottal", "batli",
    // The bottle itself, as against its lid ("is the lid BPA-free or only the body").
    "body"],
  glacial: ["glacial", "brand", "company", "firm", "business"],
  // Being told that something happened: the shop sends an email and an SMS.
  notify: ["notify", "notified", "notification", "notifications", "sms", "alert", "alerts", "inform", "informed", "updates"],
  drink: ["drink", "drinks", "beverage", "beverages", "juice", "juices", "tea", "coffee", "chai", "milk", "soup", "doodh", "dudh", "chaas", "sharbat", "nimbu", "kadha", "lassi", "buttermilk", "smoothie", "milkshake", "shake", "decoction", "kaapi"],
  // Staying hot or cold is what insulation keeps: "will chai stay hot" asks what "keeps drinks hot" answers.
  stay: ["stay", "stays", "staying", "stayed", "keep", "keeps", "kept", "keeping"],
  // How insulation works: "what tech keeps it cold".
  insulation: ["insulation", "insulated", "vacuum", "tech", "technology", "science", "mechanism"],
  // A set of things sold together: a "cleaning kit" is the brush set.
  set: ["set", "sets", "kit", "kits"],
};

/** Phrases read as one idea before the words are split (Indian English and Hinglish above all). */
const PHRASES: [RegExp, string][] = [
  // What other brands claim is the shopper's doubt, not a warranty claim: "every brand claims 24 hours".
  [/\b(every|all|other|most|many) (brands?|companies|company|sellers?|shops?) (claims?|says?|promises?|advertises?)\b/g, " "],
  // Cash handed to the one who delivers is cash on delivery.
  [/\b(give|pay|hand|handover) (the )?(cash|money|payment) to (the )?(delivery|courier)( boy| guy| man| person| wala| wale| bhaiya)?\b/g, " cod "],
  // Voice typing's and older shoppers' ways of asking: "you people" is the shop; "reply in simple
  // words" asks for nothing of its own; a "go down" that sends parcels is a godown, the warehouse they ship from.
  [/\byou (people|peoples)\b/g, " you "],
  [/\b(please |pls |plz |kindly )?(reply|answer|tell|explain|write)( me| us)? in (simple|easy|short|plain|simple simple) (words|language|english|hindi|terms)\b/g, " "],
  [/\b(from|in|at) (your|the|ur) (go ?down|godown|godowns|warehouse)\b/g, " ship "],
  // How fast something happens is how long it takes.
  [/\bhow (fast|quick|quickly)\b/g, " how long "],
  // Letters spoken one by one ("B P A", "u p i"), and "dish washer (machine)" as the dishwasher.
  [/\bb p a\b/g, " bpa "],
  [/\b(u|you) p i\b/g, " upi "],
  [/\bg s t\b/g, " gst "],
  [/\bc o d\b/g, " cod "],
  [/\bdish ?washer(s)?( machines?)?\b/g, " dishwasher "],
  [/\bgrand (children|child|kids|sons?|daughters?)\b/g, " grandchildren "],
  // "that machine" after the dishwasher is the dishwasher ("she puts everything in the dishwasher,
  // can this bottle also go in that machine").
  [/(?<=\bdishwasher\b.*)\b(that|this|the same|the) machines?\b/g, " dishwasher "],
  // Input tax credit named as the reason for an invoice ("a GST invoice with our GSTIN so we can
  // claim input credit") is why they ask; whether they may claim it is their accountant's question.
  [/\bso (that )?(we|i|our \w+|my \w+) (can|could|may|are able to) (claim|get|avail|take) (the |full )?(input( tax)? credit|itc)\b/g, " "],
  // A letter's greeting and its signature say who writes, not what they ask: "Dear team,", "Respected
  // Sir/Madam", "Thanks and regards, Arindam", "Best, A. Sen" (the name is a word the shop never uses).
  [/^\s*(?:(?:hi+|hello+|hey+|dear|respected|greetings|namaste|namaskar|namaskaram|namaskara|pranaam|pranam|vanakkam|adaab|salaam|salam|assalam\w*|as-salaam\w*|ram ram|sat sri akal|jai hind|jai shri ram|jai shree ram|radhe radhe|jai jinendra|tashi delek|kem cho|khamma ghani)\b[^,.!?\n]{0,24}?(?:[,.!\n]+|$)|good (?:morning|afternoon|evening)\b[,.!\s]*)/, " "],
  [/(?:^|[\s,.!])(?:thanks(?: a lot)?(?:,? and| &)? regards|thank you|thanks|regards|best regards|warm regards|kind regards|best|cheers|sincerely|yours (?:truly|sincerely|faithfully))[,.!\s-]+(?:[\p{L}]+\.?\s*){0,3}\s*$/u, " "],
  // "gst %", "% gst", "gst kitna %": the rate, whose sign would otherwise be lost with the punctuation.
  [/\bgst\s*%|%\s*gst\b|\b(percent|percentage|per cent) (of )?gst\b|\bgst (percent|percentage|per cent)\b/g, " gst rate "],
  // A GST number is a GSTIN ("company gst no", "gst number").
  [/\bgst ?(no|number|num|regn? no|registration number)\b/g, " gstin "],
  // "10 percent" is how the shop writes "10%".
  [/\b(\d+) ?(percent|per cent|pct|percentage)\b/g, " $1% "],
  // A short quoted text ("engraving 'Riya'") is what the shopper wants written, not what they ask about.
  [/(^|\s)['"‘“][^'"‘’“”\n]{1,24}['"’”](?=[\s,.!?;:]|$)/g, "$1 "],
  [/₹/g, " rupees "],
  [/\b24\s*[x*/]\s*7\b|\b(a)?round the clock\b|\b24 hours a day\b|\b7 days a week\b/g, " always "],
  [/\b(are|is) (you|it|the shop|support|the team|your team) open\b|\bopen (till|until|on)\b|\bclose[sd]? at\b|\bwhat time\b/g, " timings "],
  [/\bwhere (is|r|are) (your|ur|yr|the) (office|shop|store|showroom)\b|\bwhere is your office\b|\bwhere are you (located|based)\b|\boffice address\b|\bwhich city are you( based| located)?( in)?\b/g, " registered office location "],
  // However the machine is named: "dishwasher", "dish washer machine", "dish washing machine".
  [/\bdish ?wash(er|ing)?( machine)?\b/g, " dishwasher "],
  // Delivery named by where it ends: "home delivery", "doorstep delivery" is delivery.
  [/\b(home|doorstep|door ?step|door) (delivery|deliver)\b/g, " delivery "],
  // Leaving the warehouse: "packed and sent out", "shipped out".
  [/\b(packed|pack) (and|&|n) (sent|shipped|dispatched|send|ship)\b|\b(sent|send|shipped|ship) out\b/g, " dispatch "],
  // Money that "goes back", "comes back", "will be sent back": a refund, whatever the verb between.
  // And in India's other languages: "paisa thirichu kittan" (Malayalam), "panam thirumba" (Tamil),
  // "dabbulu tirigi" (Telugu), "taka ferot" (Bengali), "paise parat" (Marathi).
  [/\b(money|amount|paisa|paise|panam|kaasu|hana|duddu|dabbulu|taka|takar)( \w+){0,3} (back|wapas|vapas|thirichu|thirumba|tirigi|thirigi|ferot|ferat|parat|pherai|pherei)\b/g, " refund "],
  // A part bought to replace one: "replacement lid", "spare straw" is an accessory, not a warranty claim.
  [/\b(replacement|spare|extra|new|another) (lid|lids|cap|caps|straw|straws|strap|straps|sleeve|sleeves|gasket|seal)\b/g, " accessory $2 "],
  [/\bstop(s|ped)? working\b|\bnot working\b|\bdoes ?n[o']?t work\b|\bkaam nahi?\b/g, " defect "],
  // "How will I know it shipped": being told, by email and SMS.
  [/\bhow (will|would|do|can|shall) (i|we) (know|find out|come to know)\b/g, " notify "],
  // All day long: "full day", "whole day", "poora din" is a how-long question.
  [/\b(full|whole|entire|poora|pura|all) (day|night|din)\b/g, " long day "],
  // Where the shopper lives is the story, not the question ("live chat" stays).
  [/\bi (live|stay) in\b/g, " "],
  // A refund that "will come" ("refund kab tak aayega"): the refund arrives, not a parcel.
  [/\b(refund|refunds|refunded)\b((?:\s+\w+){0,3})\s+(aayega|ayega|aaega|aayegi|ayegi|aega|milega|come|comes|arrive|arrives|reach|credited)\b/g, " refund$2 "],
  // A date ("on 12th dec", "by 3rd"): when the shopper needs it, not what they ask.
  [/\b\d{1,2}(st|nd|rd|th)\b/g, " "],
  // "may" is a month only after "in" or a day ("46 degree in may"); otherwise a modal verb.
  [/\b(in|by|till|until|\d{1,2}) may\b/g, " $1 june "],
  [/\bmay\b/g, " "],
  [/\b(last|this|next|past) (week|month|year|weekend|time)\b/g, " recently "],
  // Not used: "haven't used it", "never used", "not even opened".
  [/\b(have ?n[o']?t|has ?n[o']?t|did ?n[o']?t|not|never|not even) (yet )?(used|opened|touched)\b/g, " unused "],
  // Needing it within days ("mujhe 2 din me chahiye", "need it in 3 days"): how long delivery takes.
  [/\b(chahiye|need it|want it|needed|required)\b.{0,20}\b(\d+|ek|do|teen|char|one|two|three|four) (din|days?)\b|\b(\d+|ek|do|teen|char|one|two|three|four) (din|days?) (me|mein|main|in|within)\b(\s+\w+){0,2}\s+(chahiye|need|needed|want|required)\b/g, " delivery long "],
  // How many years it lasts ("kitne saal chalegi", "how many years will it last"): built to last, the warranty's years.
  [/\b(kitne|kitna|kitni|how many) (saal|sal|years?)\b(\s+\w+){0,3}\s+(chalegi|chalega|chalti|chalta|chalenge|tikegi|tikega|last|lasts)\b/g, " last long years warranty "],
  // A colour or coating coming off ("rang utar raha hai", "paint nikal raha"): peeling, a defect.
  [/\b(rang|colour|color|paint|coating|finish)\b(\s+\w+){0,1}\s+(utar|nikal|chhoot|chhut|ud|jhad)\w*/g, " peeling defect "],
  // A failed payment that still took the money: it comes back, as a refund does.
  [/\b(payment|transaction|txn|upi)( \w+){0,2} (fail\w*|declined|unsuccessful|did ?n[o']?t go through)\b(.{0,40})\b(cut|kat\w*|kaat\w*|deducted|debited)\b/g, " refund payment $4 "],
  // The same told the other way round: the money went first, then the payment "failed" ("paisa cut gaya ... payment failed dikha raha").
  [/\b(paisa|paise|money|amount|rs|rupees|balance)( \w+){0,2} (cut|kat\w*|kaat\w*|deducted|debited)\b(.{0,40})\b(payment|transaction|txn|order)( \w+){0,1} (fail\w*|declined|unsuccessful|cancel\w*)\b/g, " $4 refund payment "],
  // An unfinished online payment: the order waits for it (the payment hold).
  [/\b(did ?n[o']?t|did not|could ?n[o']?t|could not|have ?n[o']?t|has ?n[o']?t|not|never) (finish|finished|complete|completed|do|done|make|made) (the |my )?payment\b|\bpayment (failed|fail|fails|failure|not (complete|completed|done|finished))\b/g, " unpaid payment "],
  // Money "cut" from the account ("paisa account se kat gaya"), told without a failed payment
  // (those are read above): debited.
  [/\b(money|amount|paisa|paise|rs|rupees)( \w+){0,3} (kat|kata|kaat|katt|cut) (gaya|gya|gaye|liya|lia|gye)\b/g, " debited "],
  // A time of day ("at 7am", "4 pm") frames a how-long question.
  [/\b\d{1,2} ?(am|pm)\b/g, " "],
  // Changing one's mind about a purchase is a return.
  [/\bchanged? (my|of|her|his) mind\b|\bchange of mind\b/g, " return "],
  // Money refunded "to my account" (a bank account, not the shop's): a refund question.
  [/\b(in|into|to) (my |the )?(bank )?account\b|\baccount (me|mein|mai)\b/g, " refund "],
  // Small towns, not a small size: "do you deliver to small places".
  [/\b(small|smaller|chhote|chote|remote|far|far-off) (places|towns?|cities|city|villages?|areas?|shehar|gaon)\b/g, " towns "],
  // Which account a refund goes to: "refund will come to which account".
  [/\b(to|in|into) (which|what|kis|kaunse|konse|kaun se) (bank )?(account|acc|a\/c|card|method|mode)\b/g, " refund original payment method "],
  // The same asked with "which" in India's other languages, after the refund: "refund yav account ge" (Kannada),
  // "endha account" (Tamil), "kon account" (Bengali), "konta account" (Marathi).
  [/\b(refund|refunds|refunded)\b(.{0,30})\b(yav|yaav|yava|yaava|endha|entha|edhi|kon|konta|konte|kaya|kayu|kehde|kehre) (bank )?(account|acc|card)\b/g, " refund $2 original payment method "],
  // "What about my money", "wat abt the payment": the refund.
  [/\b(what|wat|wht) (about|abt|bout) (my |the |our )?(money|paisa|paise|payment|amount)\b/g, " refund "],
  // Asking for the shop's email or number ("share your email id", "give me ur number"): contact, not privacy.
  [/\b(share|send|give|provide|tell)( me| us)? (your|ur|yr|the) (email|mail|number|phone|contact|helpline)( id| no| number| address)?\b/g, " contact $4 "],
  // The company's legal name ("registered company name", "firm ka naam"): the seller's legal entity.
  // A person's "full name" is theirs (an engraving, an account), not the company's.
  [/\b(registered|legal|official) (company |business |firm )?name\b|\bfull (company|business|firm) name\b|\b(company|firm|business)('?s)? (ka |ki |full |legal |registered |official )?(naam|name)\b/g, " legal entity seller "],
  // How much fits ("kitna paani aata hai usme"): the capacity, not a price; "kitne din me aata" is how long.
  [/\b(kitna|kitni|kitne)( (?!(?:din|dino|dinon|ghante|ghanton|hafte|mahine|days?|hours?)\b)[\w/]+){0,3} (aata|aati|aate|ata|ati|jata|jaata|jati|samata|samaata|aayega|ayega) (hai|h|he)?( usme| isme| usmein| ismein| andar)?/g, " size capacity "],
  // A possessive ("my granddaughter's birthday"): the word itself.
  [/\b([a-z]{2,})['’]s\b/g, "$1"],
  // Paying in cash when the parcel comes, however it is said: cash on delivery.
  [/\b(pay|paying|settle|settling|payment)( \w+){0,3} (in )?cash (at|on|upon) (the time of )?(delivery|receipt|arrival)\b|\bcash (at|upon) (the time of )?delivery\b/g, " cod "],
  // Checking an order's status without a number: tracking ("where do i check the status now").
  [/\bcheck (the |my |its )?status\b/g, " track order "],
  // Where the chat is on the site: the chat button's place.
  [/\b(where|kahan|kaha|kidhar)( \w+){0,3} (chat|live chat)( option| button| icon| box| window)?\b/g, " live chat button "],
  // Starting school or a job is the story, not the brand's founding.
  [/\b(starting|starts|started|joining|joins|joined) (school|college|kindergarten|playschool|nursery|work|office|job|hostel)\b/g, " $2 "],
  // First-time buyers are a first order; a pop-up is the offer's window, not a fizzy pop.
  [/\bfirst[- ]?time (buyers?|customers?|users?|shoppers?|purchase)\b/g, " first order "],
  [/\bpop[- ]?ups?\b/g, " popup "],
  [/\b(closed|close|dismissed|cancelled|skipped) (it|that|this|the popup|the window)( by mistake| accidentally)?\b/g, " "],
  // Who in a business asks ("our accounts team needs..."): the story, not the support team.
  [/\b(accounts?|finance|accounting|purchase|procurement|admin) (team|department|dept|people|guys)\b/g, " "],
  // "Nothing else", "filter coffee": the order alone, a coffee.
  [/\bnothing else\b/g, " "],
  [/\bfilter (coffee|kaapi|kapi)\b/g, " coffee "],
  // Filing a complaint ("for registering complaint"): contacting support, not the registered office.
  [/\b(register|registering|registered|file|filing|lodge|lodging|raise|raising|darj) (a |my |the )?(complaint|complain|ticket|grievance)\b/g, " complaint "],
  // An order's status is what tracking shows.
  [/\b(order|parcel|delivery|shipment) status\b|\bstatus of (my |the |an )?(order|parcel|delivery|shipment)\b/g, " track order "],
  // "In which case", "in what cases": when, not a case.
  [/\b(in )?(which|what) cases?\b/g, " when "],
  // A box for food ("lunch box", "tiffin dabba") is a product kind, not the box a bottle is packed in.
  [/\b(lunch|tiffin|bento|snack|food|meal|khana) ?(box|boxes|dabba|dabbe|dibba)\b/g, " lunchbox "],
  // A cover for the bottle is a sleeve (the warranty "covers" defects), whatever its size or material.
  [/\bcovers? (for|of) (the |my |a |your )?(\d{3,4} ?ml |\d ?(l|litre|liter|ltr) )?(bottle|flask|tumbler)s?\b|\b(bottle|flask|neoprene|fabric|thermal) covers?\b|\bcovers? (to|that|which) (protects?|saves?)\b/g, " sleeve "],
  // Used it ("2 din use kar li", "istemal kiya"): a return turns on whether it was used.
  [/\b(use|istemal|istemaal|istmal) (kar|kr) (li|liya|lia|liye|chuka|chuki|chuke|diya|di)\b|\b(use|istemal|istemaal) (kiya|kia|ki|kiye|hua|hui|ho gaya|ho gayi)\b/g, " used "],
  // The money of a return or a cancelled order: "how long for the money", "mere paise ka kya hoga".
  [/\b(for|get|getting|receive|see) (the |my |our )?(money|amount|paisa|paise)\b|\bwhat (happens|will happen) to (the |my )?(money|payment|amount)\b|\b(paise|paisa|money)( ka| ki| ke)? kya (hoga|hogi)\b|\bkya hoga (mere|mera|meri|hamare) (paise|paisa|paison)( ka| ki| ke)?\b/g, " refund "],
  // Where the office is, in Hinglish ("office kahan hai", "address kidhar hai").
  // And "where" in the other languages: Assamese "kot", Bengali "kothay", Marathi "kuthe", Tamil
  // "enga", Telugu "ekkada", Kannada "elli", Malayalam "evide", Odia "kouthi", Punjabi "kithe".
  [/\b(office|showroom|address|headquarters|hq|company)( \w+){0,1} (kaha|kahan|kidhar|kot|kothay|kuthe|enga|engey|ekkada|elli|evide|kouthi|kithe)\b/g, " registered office location "],
  // A start still to come ("when will the sale start", "kab start hogi") is no question of when the
  // shop was founded: something upcoming, which the shop's text does not promise.
  [/\b(will|gonna|going to)( \w+){0,3} (start|begin)\b|\b(start|shuru|begin) (hogi|hoga|hoge|honge|hone wal[ai])\b/g, " upcoming "],
  // How old the brand is: "since when", "kab se ho", "how long have you been around".
  [/\bsince when\b|\bhow old is (the |this |your )?(brand|company|glacial)\b|\b(brand|company|glacial|aap log|you guys)( \w+){0,1} kab se\b|\bhow long (have|has) (you|glacial|the brand|the company|this brand)( guys)? (been )?(around|existed|in business)\b/g, " founded "],
  // A struck-out price named after the price: "the MRP that's crossed out".
  [/\b(price|mrp|amount)( \w+){0,2} (striked|struck|crossed|cut)( out| off| through)?\b/g, " was price "],
  // How much time: "how much time do I have", "kitna time lagega" is how long.
  [/\bhow much time\b|\bkitna (time|samay|waqt|vakt)\b|\bkitni (der|jaldi)\b/g, " long "],
  // On top of the price: "price ke upar tax", "upar se shipping".
  [/\b(ke|ki|ka) (upar|uppar|oopar)\b|\b(upar|uppar|oopar) se\b/g, " extra "],
  // The payment page, however it is named: "the payment window closed", "razorpay screen".
  [/\b(payment|pay|checkout|razorpay|upi|gateway)( \w+){0,1} (window|page|screen|tab|popup|pop-up|app)\b/g, " payment page "],
  // Not paying at once: the order waits for its payment (the payment hold).
  [/\b(do ?n[o']?t|do not|can ?n[o']?t|cannot|not able to|unable to) pay (immediately|now|right now|right away|at once|instantly|turant|abhi)\b|\bpay later\b|\bbaad me(in)? pay\b/g, " unpaid payment "],
  // Items kept for the shopper: "keep the items for me", "hold my cart".
  [/\b(keep|kept|hold|save|reserve)( the| my| these| those)? (items?|cart|order|stock|products?|bottles?)( for me)?\b/g, " held $3 "],
  // Money taken although the payment failed: "paisa cut gaya", "amount deducted" comes back.
  [/\b(paisa|paise|money|amount|rs|rupees|balance)( \w+){0,2} (cut|kat|kata|kati|kaat|katt|deducted|debited)\b/g, " refund "],
  // A parcel leaving the warehouse is dispatched.
  [/\b(leave|leaves|left|leaving|out of) (the |your |ur )?(warehouse|godown)\b/g, " dispatch "],
  // What the shop holds about a shopper: "what info do you keep about me" is what it collects.
  [/\b(keep|store|save|retain|hold|have)( \w+){0,2} (about|on|of) (me|us|my|customers|users)\b/g, " collect about me "],
  [/\b(data|info|information|details)( \w+){0,3} (keep|store|save|retain)\b/g, " $1 collect "],
  // Where the brand is from: "kahan se ho aap log", "where are you guys from".
  [/\b(kahan|kaha|kidhar) (se|ke) (ho|hai|hain|h)\b|\bwhere (are|r) (you|u)( guys| people| log)? from\b/g, " registered office location "],
  [/\bwhat happens if\b|\bwhat if\b/g, " "],
  [/\breturn (window|period)\b/g, " return days "],
  [/\b(once|after|when) (i )?(pay|paid|order|ordered)\b/g, " dispatch "],
  [/\bwhat (should|do|can) i do\b|\bkya (karu|karun|karein|karen)\b/g, " contact "],
  [/\bpay for (the )?(shipping|delivery|courier)\b/g, " shipping charge "],
  // "Can you share your number", "pls share the address": asked to be told, not about sharing data.
  [/\b(can you|could you|can u|will you|would you|pls|please|plz|kindly|just) share\b/g, " tell "],
  // A size named as the thing chosen ("the 1 litre size", "the 750ml one"): the size itself.
  [/\b(?:in |of )?the\s+(\d+(?:\.\d+)?\s*(?:ml|l|ltr|lt|litre|liter|litres|liters))\s+(?:size|ones?|variants?|versions?|models?|options?)\b/g, " $1 "],
  // The order's status as the shopper's account shows it, "awaiting payment": a payment still pending.
  [/\bawaiting (payment|confirmation)\b/g, " payment pending "],
  [/\b(pay|paying|pays) (in |by |with )?cash\b|\bcash when (it|they|the (order|parcel|bottles?)) (comes?|arrives?|reach(es)?|gets? delivered|is delivered)\b/g, " cod "],
  [/\bon top of\b/g, " extra "],
  [/\bkitne (saal|sal|mahine)\b|\bhow many (years|months)\b/g, " long years "],
  [/\bcash on delivery\b|\bpay on delivery\b/g, " cod "],
  [/\bmoney back\b|\bpaisa wapas\b|\bpaise wapas\b|\bpaisa vapas\b/g, " refund "],
  [/\bsend (it )?back\b|\bgive (it )?back\b/g, " return "],
  [/\bcold drinks?\b|\bsoft drinks?\b/g, " soda "],
  [/\bcup ?holders?\b/g, " car holder "],
  // "Kitne ghante", "kitne din": how long, not how much.
  [/\b(kitne|kitte|kinne) (ghante|ghanton|hours|hrs|din|days)\b/g, " long hours "],
  // Arriving: "aa jayega", "aa jaega", "pahunch jayega".
  [/\b(aa|a|pahunch) (jayega|jaega|jaayega|jayegi|jaegi|jaayegi|jaye|jaaye)\b/g, " arrive "],
  // Something that began to happen ("started smelling", "starting to leak"): the symptom is the question.
  [/\b(started|starting|start|starts|began|begun|begins) (?=\w+ing\b)/g, " "],
  // Letters an engraving may hold: "kitne letters", "how many characters", "will 'priya' fit".
  [/\b(kitne|kitni|how many|max|maximum) (letters|characters|chars|words|akshar|harf|length)\b/g, " letters limit "],
  [/\b(engrav\w*)\b([^?.!]*)\bfit\b/g, " $1 $2 letters limit "],
  // "Pehli baar", "first time": a first order.
  [/\b(pehli|pehla|pahli|pehle|pahle|first) (baar|bar|time|order)\b/g, " first order "],
  // A bought item that was struck out: "striked price", "crossed out price", "cut price".
  [/\b(striked|struck|strike|strikethrough|crossed|cut)( out| off| through)? (price|mrp|amount)\b/g, " was price "],
  // Damage found on arrival ("arrived with a big dent", "came broken"): a defect to report to the team.
  [/\b(arrived|came|delivered|received|got)\b((?:\s+\w+){0,4})\s+(dent|dented|dents|damaged|broken|cracked|scratched|crushed)\b/g, " $2 defect contact "],
  // Time since delivery ("received it 2 weeks back", "got it 10 days ago"): whether the return window is still open.
  [/\b(received|got|delivered|bought)( it| this| them)? (\d+|a|one|two|three|few|couple of) (days?|weeks?|months?) (back|ago|before)\b/g, " return days of delivery "],
  [/\bkab tak\b|\b(till|until|by) when\b|\bhow soon\b|\bhow long\b|\bhow many days\b|\bhow many hours\b|\bkitne din\b|\bkitni der\b/g, " long "],
  [/\bcustomer (care|service|support)\b|\bcustomer (helpline|executive)\b/g, " support "],
  // Someone there at an hour ("is someone available at 2am", "anyone online at midnight"): support hours.
  // ("you guys use for online payment" is about paying online, not about someone being online.)
  [/\b(someone|anyone|somebody|anybody|support|customer care|team|you guys)(\s+\w+){0,2}\s+(available|there|online|awake|reachable|active)\b(?!\s+(?:payments?|pay|paying|orders?|ordering|shopping|purchases?|transactions?|banking))/g, " support timings "],
  // Kinds of card are a card: the payment options name cards, not each kind.
  [/\b(credit|debit|visa|master|rupay) ?cards?\b/g, " card "],
  [/\bmail id\b|\bemail id\b|\be-mail\b/g, " email "],
  [/\bone (litre|liter)\b|\b1 ?(l|litre|liter|ltr)\b/g, " 1000ml "],
  // Other whole or half litres, in millilitres as the catalogue writes sizes: "2 litre" is 2000ml.
  [/\b2 ?(l|litres?|liters?|ltrs?)\b|\btwo (litres?|liters?)\b/g, " 2000ml "],
  [/\b1\.5 ?(l|litres?|liters?|ltrs?)\b/g, " 1500ml "],
  [/\b3 ?(l|litres?|liters?|ltrs?)\b/g, " 3000ml "],
  [/\bhalf (a )?(litre|liter)\b/g, " 500ml "],
  [/\b(\d{3,4}) ?ml\b/g, " $1ml "],
  [/\bfood[- ]grade\b/g, " food grade "],
  [/\btrack(ing)? me\b/g, " tracker "],
  [/\bpin ?code\b/g, " pincode "],
  // A price shown wrong on the site ("price was wrong", "galat price"): mispriced, as the terms say.
  [/\b(price|prices|pricing|mrp|rate)\b( \w+){0,2} (wrong|incorrect|galat|mistake|error)\b|\b(wrong|incorrect|galat) (price|prices|pricing|mrp|rate)\b/g, " mispriced "],
  // How to pay ("paise kaise de sakte hain"): the payment methods.
  [/\b(paise|paisa|payment|pay) (kaise|kese|kis tarah|kis tarike se) (de|du|dun|dein|den|kare|karein|karu|karun|bhare|bharu|bharein)\b/g, " payment methods "],
  // Since when they make bottles ("kab se bana rahe ho"), a new company: when the brand was founded.
  [/\bkab se (bana|bech|chala|kaam kar)\w*\b|\b(nayi|naya|new) (company|brand)\b/g, " founded "],
  // A lunch break is lunch, not something broken; a night shift is the shopper's day.
  [/\b(lunch|tiffin|tea|coffee|chai) break\b/g, " lunch "],
  [/\b(night|day|morning|evening) (duty|shift)\b/g, " duty "],
  // A court case is a dispute in court.
  [/\bcourt (\w+ )?(case|cases|kachehri)\b|\bcase (in|at) (the )?court\b/g, " court dispute "],
  // By this evening ("aaj shaam tak"): today.
  [/\b(aaj|kal) (shaam|sham|raat|subah|dopahar) tak\b/g, " today "],
  // GST "alag se", extra, added on top: whether tax is added to the price.
  [/\b(gst|tax|taxes)\b( \w+){0,2} (alag|separate|separately|extra|added)\b/g, " gst extra included "],
  // A sale still to come ("next sale kab", "agli sale"): something upcoming, which the shop's text does not promise.
  [/\b(next|agli|agla|upcoming|coming|aane wali|aanewali) (\w+ )?(sale|offer|discount|deal)s?\b|\bsale kab\b/g, " upcoming sale "],
  // An upper limit: a limit.
  [/\b(upper|higher|lower|max|maximum) limit\b/g, " limit "],
  // The final figure, the amount payable: the total.
  [/\b(final|total) (figure|amount payable|payable)\b|\bamount payable\b/g, " total "],
  // The price before ("pehle kitne ka tha"): the struck-out price.
  [/\b(pehle|pahle|earlier|before)( \w+){0,1} (kitne|kitna|kitni|how much)( \w+){0,2} (tha|thi|the|was)\b/g, " was price "],
  // "In case", "in that case": if.
  [/\bin (that |this )?case\b/g, " "],
  // At least ("kam se kam"): a minimum.
  [/\bkam se kam\b/g, " minimum "],
  // Knowing that it left ("kaise pata chalega", "pata chali"): being told.
  [/\bpata (chal|chala|chalega|chalegi|chali|chalta|lagega|lagegi)\b/g, " notify "],
  // A bank transfer or NEFT is netbanking, as the payment options name it.
  [/\bbank transfer\b|\b(neft|imps|rtgs)\b/g, " netbanking "],
  // A video call is the shopper's office day ("zoom calls pe").
  [/\b(zoom|video|teams|meet|office) (calls?|meetings?)\b/g, " office "],
  // A sale by any name is a sale: "flash sale", "mega sale".
  [/\b(flash|mega|big|festive|festival|clearance) sale\b/g, " sale "],
  // How long a password must be: its limit in characters.
  [/\b(length|size) of (the |my |a )?password\b|\bpassword('s)? (length|size)\b/g, " password limit "],
  // "I registered", "registered but...": signing up, not the registered office.
  [/(^|\b(?:i|we|i've|ive|have|had|just|already|maine|humne|successfully) )registered\b(?! (office|address|company|name|firm|business))/g, "$1 register "],
  [/\bnet ?banking\b/g, " netbanking "],
  [/\btamil ?nadu\b/g, " tamilnadu "],
  // Money back as a voucher instead of to the card: a refund question.
  [/\b(store|wallet|shop) credit\b/g, " refund "],
  // "25k", "5k": thousands, as Indian shoppers write amounts.
  [/\b(\d+)\s?k\b/g, " $1000 "],
  // An amount's bound: "over ₹4,999", "up to 20000", "at least 500".
  [/\b(over|above|below|under|up ?to|at ?least|more than|less than)\s+(?=rupees\b|rs\b|inr\b|\d)/g, " limit "],
  [/\bstop(s|ped)? (keeping|staying)\b|\bno longer (keeps|stays)\b|\b(does ?n[o']?t|is ?n[o']?t|not) (keep|stay)(s|ing)?\b/g, " defect "],
  // Received and disliked: a return ("colour pasand nahi aaya", "didn't like the colour").
  [/\bpasand nahi?\b|\bpasand na (aaye|aaya|aayi|aya|ho|hua|hui|lage)\b|\bpasand (helani|hoyni|hoy ni|nai)\b|\b(did|do) ?n[o']?t like\b|\b(did|do) not like\b|\b(not|doesn'?t|does not|didn'?t|did not) (match|matching|suit|suiting)\b/g, " return "],
  // A child's age ("for a 5 yr old", "8 saal ka beta"): a kids' question.
  [/\b\d+\s*(yr|yrs|year|years|saal|sal)[\s-]*(old|ka|ki|ke)('s)?(?![\w'])/g, " kid "],
];

/** Words that carry no meaning for the bot, English and Hinglish. */
const STOP = new Set(
  (
    "a about above after again all also am an and any anyone anything are as at be been before being below between both but by can could " +
    "did do does doing done during each few for from further get gets getting got had has have having he her here hers him his how i if in " +
    "into is it its itself just let lets like me might mine more most must my myself no nor not now of off on once only or other our ours " +
    "out over own please kindly same shall she should so some such than that the their theirs them then there these they this those " +
    "through to too under until up us very was we were what when where which while who whom whose why will with would you your yours " +
    "yourself want wanted need needs know tell say said ok okay hi hello thanks thank really actually exactly properly quickly still " +
    "going gonna one ones anybody someone something thing things way able possible sure also yes yeah allowed fine " +
    "inside outside within shown don't dont doesn't doesnt isn't isnt can't cant won't wont i'm im it's " +
    "hasn't hasnt haven't havent didn't didnt wasn't wasnt aren't arent couldn't couldnt wouldn't wouldnt shouldn't shouldnt " +
    // Chat shorthand and words that frame a question without saying what it is about.
    "u ur urs r pls plz pl lol lmao ngl tbh fr plus become becomes became else without wish wishes wished permissible permitted acceptable procedure rule rules correct incorrect raise find easily remain remains aisi aisa aise jo thru shud shld cud wud coz bcoz cuz tho saying told telling whats wats wat thats wht wot hw hv abt vs versus looking percent percentage already many whole entire poora pura morning evening tonight accept accepted confirm confirmed recommend recommended suggest suggestion option options method methods mode modes " +
    // Hinglish
    "kya hai hain ka ki ke ko se me mein pe par mera meri mere mujhe muje aap aapka aapki aapke hum humein ye yeh wo woh kaise kaisa " +
    "kare karu karun karen karna karo kar hoga hogi hoge milega milegi milta milti chahiye bhi toh na nahi nhi hota hoti sakta sakti " +
    "sakte agar jab tab koi kuch liye daal dal daalna daalo rakh rakhna rakho aata aati aate jata jati jayega jaega lagta lagega raha " +
    "rahi rahe de dena lena le mil sab bahut abhi another other others rehta rehti rehte rahega rahegi rahta aaya aayi aya batao bataiye bataye bata " +
    "wala wali wale waala waali toh to yaar ji haan ek bas ab fir phir kyun kyu kaun tak ne " +
    // Chat fillers and Hinglish glue of longer messages ("sirf bottles pe", "kya karta hai", "gpay chalega").
    "ya sirf andar karta karti karte chalega chalegi chalta paas bhai ho lol somehow somewhere everywhere n look likes lots lot aur " +
    // Asking whether something is sold on its own: the product's own answer (price, stock) says it.
    "separately separate individually alag alone standalone " +
    // More chat glue: "you guys", "kaha" (where), "kiya tha", "karwa" (get it done), "a bit", "is that true".
    "guys kaha kahan kiya tha thi karwa karwana karwani bit true everything hu baar follow turns turned " +
    // English's closed classes, whole: conjunctions, prepositions, quantifiers and pronouns are never
    // what a question is about, however formally it is put ("whether", "regarding", "upon").
    "whether although though unless whereas either neither several every enough various across along among amongst amid " +
    "beside besides despite except per via toward towards upon unlike regarding concerning hence thus therefore however moreover " +
    "otherwise ought anyway anyhow nobody everybody everyone somebody whoever whatever whichever wherever whenever onto throughout " +
    "whilst unto beneath alongside thereby because bcz becoz becuz certain " +
    // Asking formally: "kindly provide", "I hope", "kindly clarify", "finalised", "sanctioned".
    "provide provided hope hoping clarify clarification finalised finalized sanctioned sanction furnish suitable " +
    // Asking formally: "I would like to enquire", "kindly advise", "in what situation".
    "enquire inquire enquiring inquiring enquiry inquiry advise situation situations needful " +
    // Chat's own words: "yo", "like crazy", a comparison under way, wanting.
    "yo crazy comparing compared wants wanting " +
    // Whether something is required: what is required is the question's subject, not this word.
    "compulsory mandatory necessary required requirement zaroori zaruri jaruri jaroori"
  ).split(/\s+/),
);

/**
 * The stems of the framing words in the list above, before the Hindi verb forms join it (four
 * letters or more: "us" and "can" would take "use" and "cans" with them). Another form of such a word frames as the word does
 * ("confirmation", "suggestions", "recommendation"): it is not the unknown word that a question
 * outside the shop's knowledge turns on.
 */
const STOP_STEMS = new Set([...STOP].filter((w) => w.length >= 4).map((w) => stemmer(w)));
/** Forms that say what is asked, unlike their framing word: whether a field must be filled in ("is +91 optional?"). */
const NOT_FRAMING = new Set(["optional"]);

/**
 * Shop-wide words that say little about which answer is meant: they still match, but count for
 * little when judging whether a passage answers the question.
 */
const WEAK = new Set(["glacial", "brand", "company", "faq", "bottle", "bottles", "flask", "tumbler", "tumblers", "product", "products", "order", "orders", "ordered", "buy", "bought", "sell", "sold", "shop", "store", "item", "items", "use", "make", "makes", "making", "made", "come", "comes", "coming", "came", "take", "put", "give", "gives", "gave", "given", "giving", "keep", "puts", "putting", "details", "detail", "time", "new", "good", "best", "fill", "pour", "carry", "water", "kept", "keeps", "keeping", "buying", "purchase", "purchased", "purchasing", "place", "placed", "placing", "pani", "paani", "thermos", "botal", "bottal", "batli",
  // Things in general ("where is my stuff", "keeps stuff cold").
  "stuff", "things", "customer", "customers", "article", "articles",
  // Counts in words, like counts in digits ("after four months").
  "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", ...HINGLISH_WEAK, ...REGIONAL_WEAK]);

/**
 * Context words: when, who, where and how of the shopper's life, not what the question is about
 * ("got it *yesterday*", "for my *dad*", "to *college*", "*pure* steel", "where does it *go*").
 * The shop never uses most of them, and a word the shop never uses otherwise weighs as much as the
 * rarest, which made a question's incidental word veto its answer. They count for little and never
 * count as the word the question turns on. A content word the shop never uses (shoes, EMI,
 * showroom, cashback) is not here: it still sends the question to staff. Words of a synonym group
 * keep their group's meaning instead ("today", "kids", "birthday").
 */
const CONTEXT = new Set(
  (
    // time
    "yesterday ago anymore yet later recently recent lately earlier since past ever everyday daily regularly often sometimes " +
    "usually generally normally till until kal aaj parso pehle baad late early lunch breakfast dinner noon afternoon roughly approximately approx around " +
    // people
    "dad daddy mom mommy mum mummy mother father papa mama parents wife husband brother sister sibling friend friends family " +
    "boss colleague colleagues roommate neighbour neighbor grandma grandpa grandmother grandfather uncle aunt aunty bhaiya didi " +
    "myself himself herself someone's " +
    // more family, as older shoppers write of them ("my nephew was saying", "my bahu")
    "nephew nephews niece nieces bahu damad jamai pota poti " +
    // the shopper's work outdoors ("for my farm work in the fields")
    "farm farms farming field fields khet kheti " +
    // a birthday in chat ("before my bro's bday"): the story's, like "yesterday" ("birthday" itself
    // is a gift occasion, which would take a dispatch question to engraving)
    "bros bday bdays " +
    // the same people typed without an apostrophe ("my husbands name", "my moms birthday")
    "husbands wifes dads moms mums brothers sisters friends bosses hubby startup proper " +
    // places and occasions of the shopper's day
    "home house college university uni hostel campus gym workplace classroom tuition trip outing journey " +
    // verbs and adjectives that frame rather than say
    "go goes going went gone happen happens happened happening bring brought try tried trying wondering wonder curious drop dropped " +
    "pure real actual normal regular simple basic usual nice great lovely exactly currently " +
    // more of the same, seen in long messages: the story around the question, the weather, the office
    "planning plan read next current old mistake perfect mind people guy staff says said special " +
    // what a form did with what the shopper typed ("it says invalid", "checkout refuses it"): the field named says what is asked
    "invalid rejected rejects refuses refused refusing accepting " +
    // what the phone or the page did meanwhile ("the page hung", "app got stuck")
    "hung hang hangs hanged stuck froze frozen crashed crash " +
    // where the shopper looks for money ("my card statement", "the passbook")
    "statement statements passbook " +
    "balcony pantry summer winter meeting back site side bday degree degrees celsius office " +
    // work and the months of a date ("on 12th dec", "46 degree in may" once "may" is read as a month)
    "construction shift duty laptop maid cook driver chose choose chosen selected picked concern concerned worried worry " +
    "cousin cousins died dead midway halfway baje bharu bharoon bharun read lose money relative relatives " +
    // where a thing is kept on the site, and the day a count starts from: the story around the question
    "section sections date dates count counted counting " +
    // who and where the shopper is: a building's team, a tourist, a school's class or garden
    "desert lorry truck building tourist tourists garden primary class standard principal teacher teachers officers officer committee management " +
    "retired couple wfh standups mess models model broker error errors " +
    "jan feb mar apr jun jul aug sep sept oct nov dec january february march april june july august september october november december " +
    // how soon and how the shopper got here ("if I don't pay immediately", "I clicked pay"), the people and things of a household
    "immediately instantly right soon asap clicked click tapped tap pressed bro sis bf gf utensils dishes vessels leaves leave different " +
    // the occasion, the bank behind a card, checking again and again: the story, not the question
    "fix fixes grandson granddaughter grandsons granddaughters grandchild grandchildren grandkids buddy buddies guest insists insist insisted claimed feel feels twice books meetings electricity electric saw seen desk table native hometown near nearby fought fight quarrel cricket football badminton tennis practice match tournament coaching files papers documents form forms vendor step steps miss missed bosch ifb lg samsung whirlpool siemens godrej insta instagram facebook fb youtube reel reels influencer influencers ad post posted hate hated love loved throw threw thrown add added adding picnic party event events function wedding sangeet mehendi mehndi haldi baraat reception engagement ppl website hdfc sbi icici axis kotak pnb indusind rbl idfc amex bank banks check checking checked"
  ).split(/\s+/).concat(HINGLISH_CONTEXT, REGIONAL_CONTEXT),
);

const conceptsOf = new Map<string, string[]>();
for (const [name, words] of [...Object.entries(GROUPS), ...Object.entries(HINGLISH_CONCEPTS), ...Object.entries(REGIONAL_CONCEPTS)]) {
  for (const word of words) {
    const list = conceptsOf.get(word) ?? [];
    if (!list.includes(concept(name))) list.push(concept(name));
    conceptsOf.set(word, list);
  }
}
// The Hindi grammar words and verb forms, and the other languages' grammar words, carry nothing,
// unless a synonym group claims the word.
for (const word of [...HINGLISH_STOP_WORDS, ...REGIONAL_STOP_WORDS]) if (!conceptsOf.has(word)) STOP.add(word);

/** The stems of the synonym groups' words: a word with one of them is known, not a misspelling ("sending" is "send"). */
const SYNONYM_STEMS = new Set([...conceptsOf.keys()].map((w) => stemmer(w)));

/**
 * Words spelled right that the shop's text may never use: never "corrected" to a shop word that
 * looks like them ("change my address" is not "charge").
 */
const ENGLISH = new Set(
  ("change changed changes changing cancel cancelled canceled cancelling address addresses modify update updated replace replaced " +
    "account password login signin placing placed receive received quantity quantities status stairs stair staircase machine machines broker brokers " +
    // "not so good with computer" is not the Commuter Coffee Tumbler.
    "computer computers laptop laptops mobile mobiles " +
    // Hindi words spelled right, never "corrected" to a word of another language's lexicon ("mausam", the weather, is not "maasam", a month).
    "mausam mosam").split(/\s+/),
);

export function isKnownEnglish(word: string): boolean {
  return ENGLISH.has(word);
}

/** Whether a word's stem is that of a synonym group's word ("sending", "replied"): spelled right, whatever the shop's text holds. */
export function hasKnownStem(word: string): boolean {
  return SYNONYM_STEMS.has(stemmer(word));
}

/** Every word the synonym groups know, for spelling correction. */
export const SYNONYM_WORDS: readonly string[] = [...conceptsOf.keys()];

/**
 * What shoppers type on a phone for a word the shop's text spells out: "cod chrg", "ret policy",
 * "watr botl", "pwd", "qty". Each is expanded before anything else reads the message, so the
 * phrases, the synonym groups and the spelling correction (which allows only one or two edits,
 * too few for a dropped vowel or three) see the whole word. Only shorthand that is not itself a
 * word a shopper would mean otherwise: no "no", "ac", "pc".
 */
const SHORTHAND: Record<string, string> = {
  // Tossing a bottle in ("chuck it in the dishwasher") is putting it there.
  chuck: "put", chucked: "put",
  chrg: "charge", chrgs: "charges", chrges: "charges", chg: "charge", chgs: "charges", chrge: "charge", charg: "charge",
  ret: "return", retrn: "return", rtn: "return", rtrn: "return", exch: "exchange", exchng: "exchange",
  watr: "water", wtr: "water", botl: "bottle", botle: "bottle", bottl: "bottle", btl: "bottle", botls: "bottles", btls: "bottles", botels: "bottles",
  cust: "customer", custmr: "customer", pwd: "password", pswd: "password", passwd: "password", pword: "password",
  qty: "quantity", qnty: "quantity", quantiy: "quantity", amt: "amount", pymt: "payment", pmt: "payment", paymt: "payment",
  dlvry: "delivery", dlvr: "deliver", delvry: "delivery", delivry: "delivery", dlivery: "delivery", shpng: "shipping", shpg: "shipping", shiping: "shipping",
  refnd: "refund", rfnd: "refund", wrnty: "warranty", warnty: "warranty", wrranty: "warranty", grnty: "guarantee",
  ordr: "order", ordrs: "orders", addr: "address", adrs: "address", acct: "account", accnt: "account", prdct: "product", prod: "product",
  avl: "available", avlbl: "available", availble: "available", tmrw: "tomorrow", tmrow: "tomorrow", b4: "before", wid: "with", wit: "with",
  u: "you", r: "are", ur: "your", hw: "how", y: "why", wen: "when", wer: "where", whr: "where", dis: "this", dat: "that", nd: "and", n: "and",
  wil: "will", frm: "from", frnd: "friend", frnds: "friends", abt: "about", "2day": "today", "2moro": "tomorrow", "2mrw": "tomorrow", "2mrow": "tomorrow",
};
// Not after a hyphen: "mashi-r" (Bengali: the aunt's) is a suffix, not "are".
const SHORTHAND_WORD = new RegExp(`(?<![\\p{L}\\p{N}-])(?:${Object.keys(SHORTHAND).join("|")})(?![\\p{L}\\p{N}'-])`, "gu");
// "cust care no", "whatsapp no.", "helpline no": a number to call, where "no" alone would be the word no.
const NUMBER_ABBREVIATION = /\b(care|contact|phone|mobile|helpline|whatsapp|cell|tel|support|office|customer service) (no|num|nmbr|nbr)\b\.?/g;

const UNITS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19 };
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SMALL = `(?:(?:${Object.keys(TENS).join("|")})(?:[ -](?:${Object.keys(UNITS).slice(0, 9).join("|")}))?|${Object.keys(UNITS).join("|")})`;
/** A number of hundreds or thousands said in words ("fifteen hundred", "two thousand five hundred"), as voice typing writes an amount. */
const SPOKEN_AMOUNT = new RegExp(`\\b(${SMALL}) (hundred|thousand)(?: (?:and )?(${SMALL}) hundred)?(?: and (${SMALL}))?\\b`, "g");
function smallNumber(words: string): number {
  return words.split(/[ -]/).reduce((n, w) => n + (UNITS[w] ?? TENS[w] ?? 0), 0);
}
function spokenAmounts(text: string): string {
  return text.replace(SPOKEN_AMOUNT, (_m, first: string, unit: string, hundreds?: string, rest?: string) => {
    const value = smallNumber(first) * (unit === "thousand" ? 1000 : 100) + (unit === "thousand" && hundreds ? smallNumber(hundreds) * 100 : 0) + (rest ? smallNumber(rest) : 0);
    return String(value);
  });
}

/** Lower case, accents folded, Devanagari read as Latin letters, shorthand spelled out, phrases rewritten. */
export function normalise(text: string): string {
  let t = spokenAmounts(text.normalize("NFKC").toLowerCase());
  // Hindi typed in Devanagari reads as the same words typed in Latin letters (devanagari.ts); the
  // danda (।, ॥) ends a sentence, not a word.
  t = t.replace(/[\u0900-\u0963\u0966-\u097F]+/g, (w) => DEVANAGARI_WORDS.get(w) ?? w);
  t = t.replace(SHORTHAND_WORD, (w) => SHORTHAND[w] ?? w).replace(NUMBER_ABBREVIATION, "$1 number");
  for (const [pattern, replacement] of PHRASES) t = t.replace(pattern, replacement);
  return t;
}

/** The words of a (normalised) text: letters and digits, with 18/8, 3-7 and 1000ml kept whole. */
export function words(normalisedText: string): string[] {
  // A hyphenated word is also read by its parts ("leak-proof"; "6-digit", whose "digit" a shopper
  // may ask about), leaving out a one-letter part ("code-t", Assamese "in the code").
  return (
    normalisedText.match(/\d+\/\d+|[\p{L}\p{M}\p{N}]+(?:[-'][\p{L}\p{M}\p{N}]+)*/gu)?.flatMap((w) => (/^[\p{L}\p{N}]+-[\p{L}]+$/u.test(w) ? [w, ...w.split("-").filter((part) => part.length > 1)] : [w])) ?? []
  );
}

export function isStopWord(word: string): boolean {
  return STOP.has(word);
}

export function isWeakWord(word: string): boolean {
  return WEAK.has(word);
}

/** A word of the shopper's circumstances (time, people, places, framing) that no synonym group claims. */
export function isContextWord(word: string): boolean {
  return CONTEXT.has(word) && !conceptsOf.has(word);
}

/** The index terms of one word: its stem and the concepts of its synonym groups. */
export function termsOfWord(word: string): string[] {
  const bare = word.replace(/'s$/, "").replace(/'/g, "");
  if (!bare || STOP.has(bare)) return [];
  const stem = /^\d/.test(bare) ? bare : stemmer(bare);
  if (STOP_STEMS.has(stem) && !conceptsOf.has(bare) && !WEAK.has(bare) && !CONTEXT.has(bare) && !NOT_FRAMING.has(bare)) return [];
  const concepts = conceptsOf.get(bare) ?? conceptsOf.get(stem) ?? [];
  return [stem, ...concepts];
}

/** Whether a word is known to the synonym groups (used to decide if a misspelling needs correcting). */
export function hasConcept(word: string): boolean {
  return conceptsOf.has(word);
}

/** One word of a question with the terms it may match (any of them counts as the word matched). */
export type QueryWord = {
  word: string;
  terms: string[];
  /** A shop-wide word (order, bottle, buy): it matches, but says little about which answer is meant. */
  weak: boolean;
  /** A word of the shopper's circumstances (yesterday, dad, college): it never decides the question. */
  context: boolean;
};

/** The question's meaningful words, each with its terms; `correct` may replace a word the shop has never used. */
export function analyseQuestion(text: string, correct: (word: string) => string = (w) => w): QueryWord[] {
  const out: QueryWord[] = [];
  const seen = new Set<string>();
  for (const raw of words(normalise(text))) {
    const word = correct(raw);
    const terms = termsOfWord(word);
    if (!terms.length) continue;
    const key = terms.join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    // "dad's", "bottle's": the word without its possessive says what it is.
    const bare = word.replace(/'s$/, "");
    out.push({ word, terms, weak: WEAK.has(bare) || /^\d+$/.test(word), context: isContextWord(bare) });
  }
  return out;
}

const CLAUSE_BREAK = /[.?!;,\n]+|\s(?:but|because|coz|cause|so|lekin|magar|par)\s|[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]/u;
// And a formal request for information: "kindly inform", "kindly state", "request you to tell" ("please tell me whether" opens what may be the story before the question).
const QUESTION_OPENER = /^(can|could|will|would|is|are|do|does|did|how|what|whats|which|when|where|why|should|shall|kya|kab|kitna|kitne|kaise|kahan)\b|^(kindly|pls|plz|request you to|i request you to)\s+(inform|tell|let (me|us) know|advise|clarify|confirm|state|provide|share|mention|explain)\b/;
const QUESTION_CLOSER = /\b(kya|milega|milegi|sakte|sakta|sakti|chalega|hoga)$/;
/**
 * A question asked inside a clause, after a lead-in that tells ("after i place the order how many
 * days you take to send it", "if i return the bottle when will the money come back"): spoken and
 * voice-typed messages rarely put the question word first.
 */
const QUESTION_INSIDE = /\b(how (many|much|long|soon|to)|what (is|are|all|time)|till (what|when)|by when|when (will|do|does|can|should|would)|which (one|is))\b/;

/**
 * The part of a message that asks, when the rest tells a story around it ("bought the classic
 * last week but the colour is not matching my bag, can I return it"): the clauses that are
 * questions (ending in "?", opening with can/how/is/kya, closing with milega, or asking how many or
 * when inside), or null when the message is one question, all questions or none.
 */
export function askingPart(text: string): string | null {
  const clauses: { text: string; asks: boolean }[] = [];
  let rest = text.toLowerCase();
  while (rest) {
    const m = CLAUSE_BREAK.exec(rest);
    const end = m ? m.index : rest.length;
    const clause = rest.slice(0, end).trim();
    if (clause) clauses.push({ text: clause, asks: (m?.[0].includes("?") ?? false) || QUESTION_OPENER.test(clause) || QUESTION_CLOSER.test(clause) || QUESTION_INSIDE.test(clause) });
    rest = m ? rest.slice(end + m[0].length) : "";
  }
  const asking = clauses.filter((c) => c.asks);
  if (!asking.length || asking.length === clauses.length) return null;
  return asking.map((c) => c.text).join(". ");
}

const HOW_TO = /\bhow (to|do i|do we|do you|can i|can we|should i|shall i|does one|would i)\b|\b(kaise|kese|kaisey|kaese|kis tarah|tarika|tareeka)\b|\bway to\b/;

/** Whether a message asks how to do something ("how to clean it", "kaise saaf karu"): an instruction, which the shop's own text gives. */
export function asksHowTo(text: string): boolean {
  return HOW_TO.test(text.toLowerCase());
}

const WANTS_PRODUCT = /\b((bottle|flask|tumbler|mug)s? (kaunsi|konsi|kaun si|kon si|kaunsa|konsa|kaun sa|kon sa)|do (you|u) (have|sell|make|got)|have (you|u) got|anything|something|any (bottle|flask|tumbler|mug|product|option)s?|koi|recommend|suggest|which (one|bottle|flask|tumbler|mug|product)|which of (your|ur|the|these) (bottles|flasks|tumblers|mugs|products)|(bottle|flask|tumbler|mug|product)s? (for|with|that)|chahiye|dikhao|dikhaiye|batao konsa|looking for|need a|want a)\b/;

/** Whether a message asks for a product ("do you have something for kids", "koi chhoti bottle", "which tumbler for the car"): the catalogue answers it. */
export function asksForProduct(text: string): boolean {
  return WANTS_PRODUCT.test(text.toLowerCase());
}

const SHOP_GSTIN = /\b(your|ur|yr|aapka|aapki|aapke|apka|apki|apke|tumhara|glacial|glacials|seller|sellers|shop|shops|store|stores)\s+((company|firm|ka|ki|ke)\s+)?gstin\b|\bgstin\s+((no|number)\s+)?(of|for)\s+(your|ur|yr|glacial|the seller|the shop|the store|the company|this company|you)\b/;

/** Whether a message asks for the shop's own GSTIN ("aapka GSTIN number bhej do"), not how to give the shopper's at checkout. */
export function asksShopGstin(text: string): boolean {
  return SHOP_GSTIN.test(normalise(text));
}

/** The index terms of a passage of the shop's own text. */
export function analyseText(text: string): string[] {
  return words(normalise(text)).flatMap(termsOfWord);
}

/**
 * How many edits a word of this length may need to be corrected: none below six letters, where a
 * "correction" is more often another word ("shoes" is not "shows").
 */
export function allowedEdits(word: string): number {
  if (word.length < 6 || /\d/.test(word)) return 0;
  return word.length < 8 ? 1 : 2;
}
