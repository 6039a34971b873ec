// The Hindi that Indian shoppers type in Latin letters, as a lexicon rather than as words met one
// question at a time: the grammar words (particles, pronouns, question words), the forms of the
// common verbs (built from their roots, so "karoge", "milenge", "lagenge" and "likhwa" are known
// before any shopper types them), and the everyday nouns and adjectives with the concept each
// carries. Written from the language, not from the evaluation sets; language.ts reads it.

/**
 * Verb roots whose forms carry no meaning for the bot: doing, being, getting, going, coming,
 * giving, taking, being able to, wanting, telling, seeing, putting, keeping, writing. A root
 * ending in a consonant and one ending in a vowel take their endings differently ("kar-enge",
 * "de-nge").
 */
const CONSONANT_ROOTS = [
  "kar", "kr", "mil", "lag", "sak", "sk", "reh", "rah", "rh", "dekh", "bol", "chal", "rakh", "daal", "dal", "bhar", "khol",
  "soch", "samajh", "nikal", "ruk", "pakad", "bech", "kharid", "khareed", "maang", "likh", "dhund", "dhoondh", "puch", "pooch",
  "bhool", "bhul", "badal", "chahiy", "pahan", "lautaa", "utha", "ghum",
  // joining, adding ("tax jud ke hai": is it added in)
  "jod", "jud",
  // opening by itself ("ek ungli se khul jaye")
  "khul",
  // being seen ("purana order dikhega?": will it show)
  "dikh",
];
const VOWEL_ROOTS = ["ho", "de", "le", "ja", "jaa", "aa", "bata", "bana", "bula", "dikha", "laga", "mangwa", "manga", "mangva", "bhijwa", "chala", "karwa", "likhwa", "rakhwa", "dilwa", "lagwa"];

/** Endings of a consonant root: infinitive, habitual, future, polite, imperative, conjunctive, causative. */
const CONSONANT_ENDINGS = [
  "", "a", "i", "e", "o", "u", "un", "na", "ne", "ni", "ta", "ti", "te", "ega", "egi", "enge", "engi", "oge", "ogi", "unga", "ungi", "en", "ein",
  "iye", "ie", "iyo", "ke", "kar", "wa", "wana", "wani", "wane", "wao", "waya", "wayi", "waye", "wate", "wake", "waiye", "waenge", "wayenge",
];
/** Endings of a vowel root ("ho-ga", "de-nge", "bata-iye", "ja-yega"). */
const VOWEL_ENDINGS = [
  "", "na", "ne", "ni", "ta", "ti", "te", "ga", "gi", "ge", "nge", "ngi", "o", "oge", "ogi", "unga", "ungi", "iye", "ie", "ke", "kar", "ya", "yi",
  "ye", "yega", "yegi", "yenge", "enge", "ega", "egi", "en", "ein", "u", "un", "ya", "o",
];

/** Irregular and shortened forms shoppers type: past tenses, chat spellings ("rha", "skte", "krna"). */
const IRREGULAR_FORMS =
  "gaya gayi gaye gya gyi gye hua hui hue hua kiya kiye kia liya liye lia diya diye dia tha thi the thay hoon hun hu hai hain h hay " +
  "chahiye chahie chaiye chahye chahiyee chahta chahti chahte chahe nhi nahi nahin nai na mat rha rhi rhe hta hti hte hoga hogi hoge honge " +
  "sakta sakti sakte skta skti skte sakoge sakenge sakegi sakega saku sakun " +
  // "ban-" (to become: "total kitna banega") and "mila-ke" (put together), which the roots above do not make.
  "banega banegi banenge banta banti bante milake milaake milakar " +
  // "kar li" (did), "nikli" (turned out), "khulta" (opens: of a lid, not of a shop's hours).
  "li lee nikla nikli nikle khulta khulti khulte khulega khulegi khulenge";

/** Chat shorthand of one letter: "h" (hai), "k" (ke, kya). Single letters are otherwise kept (sizes, "x"). */
const ONE_LETTER_FORMS = ["h", "k"];

/** Particles, postpositions, pronouns, question words, conjunctions and fillers. */
const GRAMMAR_WORDS =
  // particles and postpositions
  "ka ki ke ko se me mei mein mai main pe par tak bhi toh to hi ji re na naa haan han yaar yar bhai bhaiya boss sir madam mam " +
  "liye lie wajah saath sath bina taraf tarah jaisa jaisi jaise waisa waise waala waali waale wala wali wale vala vali vale " +
  // pronouns
  "mujhe muje mujhko mujhse mera meri mere hum ham hame hamein humein humko hamara hamari hamare humara humari humare tum tumhe tumko " +
  "tumhara tumhari tumhare tu tera teri tere aap ap aapko apko aapka apka aapki apki aapke apke aapne aapse apse apna apni apne ye yeh " +
  "wo woh vo voh iska iski iske uska uski uske isme ismein isse usme usmein usse isko usko ise inka inki inke unka unki unke inhe unhe " +
  "inme unme log logo logon yahan yaha wahan waha idhar udhar upar uppar neeche niche andar bahar " +
  // question words (those that ask how much or when carry a concept in language.ts)
  "kya kyaa kaun kon kaunsa kaunsi kaunse konsa konsi konse kaisa kaisi kaise kese kesa kahan kaha kidhar kyun kyu kyon kyunki kyuki kis kise kisi kisko " +
  // conjunctions, quantities and fillers
  "aur or ya lekin magar phir fir isliye agar jab tab tabhi abhi bas sirf bilkul ekdum thoda thodi thode zyada jyada jada bahut bohot bhot " +
  "kaafi kafi itna itni itne utna utni utne jitna jitni sab sabhi sabko koi kuch kuchh matlab mtlb accha acha achha theek thik sahi " +
  "waise vaise actually basically pakka zaroor jarur shayad saara sara saari sari saare sare pura poori puri baaki baki dusre doosre dono jisme jisse jiska jiski jismein " +
  // "le lu", "le lun": I take (buy) it now
  "lu lun loon lelu " +
  // always, special
  "hamesha humesha khaas khas " +
  // Urdu's forms of address and glue ("janab", "taaki": so that)
  "janab janaab taaki taki jis jise jin jinhe jinka jinki kam uspe ispe maine humne lunga lungi lenge lega legi";

/** Forms that are also English words a shopper may mean ("banana shake"): never dropped. */
const ENGLISH_LOOKALIKES = new Set(["banana", "ski", "deta", "lagu"]);

/** Every form of the verbs above, the grammar words and the irregular forms: none carries a meaning the bot needs. */
export const HINGLISH_STOP_WORDS: readonly string[] = [
  ...CONSONANT_ROOTS.flatMap((root) => CONSONANT_ENDINGS.map((e) => root + e)),
  ...VOWEL_ROOTS.flatMap((root) => VOWEL_ENDINGS.map((e) => root + e)),
  ...IRREGULAR_FORMS.split(/\s+/),
  ...GRAMMAR_WORDS.split(/\s+/),
].filter((w) => w.length >= 2 && !ENGLISH_LOOKALIKES.has(w)).concat(ONE_LETTER_FORMS);

/** The forms of verbs that do carry a concept: sending and arriving are delivery. */
const formsOf = (roots: string[]) => roots.flatMap((root) => CONSONANT_ENDINGS.map((e) => root + e));

/**
 * Everyday Hindi words with the concept each belongs to (language.ts adds them to its synonym
 * groups): time, money, size, family, the parts of a day, and sending and arriving.
 */
export const HINGLISH_CONCEPTS: Record<string, string[]> = {
  ship: formsOf(["bhej", "pahunch", "pahuch", "pohoch", "pohanch"]),
  duration: ["din", "dino", "dinon", "ghanta", "ghante", "ghanton", "saal", "sal", "mahina", "mahine", "mahino", "hafta", "hafte", "jaldi", "der", "samay"],
  // The parts of a day, and open or closed ("band rehta hai", "khula hai", "chhutti").
  hours: ["raat", "raaton", "subah", "sham", "shaam", "dopahar", "band", "bandh", "khula", "khuli", "khule", "chhutti", "chutti"],
  // Saving ("kitna bachega", "bachat") is a price question: the MRP and the price.
  price: ["bachega", "bachegi", "bachenge", "bachat", "paisa", "paise", "paiso", "rupaye", "rupay", "rupiya", "rupya", "sasta", "sasti", "saste", "mehenga", "mehnga", "mehengi", "mehngi", "mehenge"],
  size: ["chhota", "chhoti", "chhote", "chota", "choti", "chote", "bada", "badi", "bade", "bara", "bari", "lamba", "lambi"],
  kids: ["beta", "bete", "beti", "betiyan", "bachcha", "bachche", "baccha", "bacche", "bachon", "bachchon", "bachi", "bachchi"],
  engrave: ["naam", "likhwa", "likhwana", "likhwani", "likhwaya", "likhwake", "likhwaenge", "likhwayenge", "likhwaoge"],
  colour: ["rang", "rangon", "rango"],
  // Falling ("gir gaya", "girne se") is how a bottle gets dented or broken.
  defect: [...formsOf(["gir"]), "toot", "toota", "tooti", "toote", "tut", "tuta", "tuti", "tute", "phat", "phata", "phati", "kharab", "kharaab", "kharabi"],
  cold: ["thanda", "thandi", "thande", "thanda"],
  hot: ["garam", "garm", "garmi"],
  car: ["gaadi", "gadi"],
  // Drinking: "kitna paani piya" (how much water was drunk).
  // And kahwa, Kashmir's tea.
  drink: ["piya", "piyo", "peena", "pina", "peeta", "peete", "pite", "piyenge", "kahwa", "kehwa", "qahwa"],
  // A hand: "ek haath se khulta hai" is a one-hand lid.
  hand: ["haath", "hath", "haat", "ungli", "ungali", "ungliyon", "ungliyan"],
  // Drops on the outside, a wet bag: the sweating a cold bottle may do ("boond", "geela", "paseena").
  sweat: ["boond", "boonde", "boondein", "bund", "geela", "gila", "geeli", "gili", "paseena", "pasina"],
  // Punjabi "gal" is Hindi "baat": "gal karni" is to talk.
  contact: ["jawab", "reply", "replies", "respond", "response", "baat", "gal"],
  // Where: a city ("kis shehar se").
  india: ["shehar", "sheher", "shahar", "shahr"],
  // A wide mouth ("chauda muh").
  wide: ["chauda", "chaudi", "chaude", "chaura", "chauri", "muh", "munh", "mooh"],
  // A knock on the table ("awaaz"): the noise the silicone boot stops.
  noise: ["awaaz", "awaz", "aawaz", "aawaaz", "aavaaz", "thak", "khat", "khatak"],
  // Underneath: the bottle's base.
  base: ["neeche", "niche", "tala", "tali"],
  // Replaced under the warranty ("warranty me badloge?").
  warranty: ["badloge", "badlenge", "badlega", "badlegi", "badal doge", "badal denge"],
  // News of a parcel ("koi khabar milegi").
  notify: ["khabar", "khabr", "suchna"],
  // Genuine or fake: the steel's grade answers it.
  material: ["asli", "asal", "nakli", "naqli"],
};

/** Hindi words of the shopper's circumstances: the people and places of a story, not its question. */
export const HINGLISH_CONTEXT: readonly string[] = (
  "dost dosto saheli pati patni biwi sasural behen bahen bhabhi chacha chachi mausi nani nana dada dadi ghar dukaan dukan " +
  "bartan kitchen rasoi aaj kal parso turant phek phenk fek phenka pheka feka galti rishtedar rishtedaar rishtedaron rishtedaaron " +
  // old, earlier ("purana order": the one placed before)
  "purana purani purane " +
  // the weather, the power, the shopper's work and what is genuine: the story around a question
  "sardi garmiyon sardiyon dhoop bijli kaam naukri majboot gangajal dulhan dulha shaadi shadi baantne baantna " +
  // "banana" is also "to make" ("account banana"): a shopper's banana is only ever the story.
  "banana"
).split(/\s+/);

/** Things in general ("mera saman", "cheezein"): shop-wide, like "item". */
export const HINGLISH_WEAK: readonly string[] = "saaman saamaan saman samaan cheez cheeze cheezein cheezen maal naya nayi naye".split(/\s+/);
