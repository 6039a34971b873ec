// India's other languages as shoppers type them in Latin letters, beside English or Hindi: Tamil,
// Telugu, Kannada, Malayalam, Gujarati, Punjabi, Bengali and Marathi. Only what a shop's questions
// are built from: the grammar words (postpositions, pronouns, "is there", "want", "tell me"), the
// question words (those that ask how much carry a price, like "kitna"), and the few nouns a
// shopper asks about (days, years, price, colour, children, hot and cold, water). Written from the
// languages, not from the evaluation sets; language.ts reads it as it reads hinglish.ts.
//
// Left out on purpose: words that are also English words a shopper may mean in a shop ("pan",
// "tame", "mane", "undo", "ache"; "emi", Telugu for "what" but to a shopper a way to pay; "ipo",
// Tamil for "now" but to a shopper an IPO), and forms too short to tell apart from a size or a typo.

const split = (text: string) => text.trim().split(/\s+/);

/** Grammar, question and filler words: they carry nothing the bot needs. */
export const REGIONAL_STOP_WORDS: readonly string[] = split(
  // Tamil: what, how, where, when, who, which, how many; is there / is not; want; tell; do;
  // become; postpositions and particles; pronouns; much, little, now, here, there; forms of address
  "enna ennanu ennana ennenna epdi eppadi epadi enga engey enge eppo eppothu epo yaaru yaar enthe endha ethu edhu ethana ethanai etthana " +
    "irukka irukku iruku irukkum irukkuma irukkaa irundha irundhaa iruntha illa illaya illaiya illai illaye venum vendum venuma venam vendam " +
    "sollunga sollu solunga sollungal pannu pannunga pannalama pannalaama pannanum pannren pannuren panren pannina pannadhu panna " +
    "aagum aaguma aagatha aagadha aachu aayiduchu mudiyuma mudiyum mudiyadhu theriyuma theriyum theriyala varum varuma varadhu vandhu vanthu vandhuchu " +
    "la le ku kku ukku oda ode um ah dhan than thaan tha nga unga ungal ungaloda ungalukku naan nan enaku enakku ennoda namma namakku " +
    "inga anga podhum romba konjam ippo da di ma pa anna akka thambi machan " +
    // Telugu
    "enti emiti ela elaa ekkada eppudu enni unda undi unnaya unnayi unnai ledu leda levu kavali kaavali kavalante cheppandi cheppu cheppagalara " +
    "cheyali cheyocha cheyyocha chesthe chesanu chestunnanu cheyandi pettocha pettochu pettavacha lo ki ni nu ga gaa kuda kooda mee meeru " +
    "naaku nenu naa mana ikkada akkada ippudu chaala konchem andi garu vastundi vasthundi ostundi osthundi vacchindi vachindi raaledu " +
    "enduku endhuku avtundi avutundi avuthundi " +
    // Kannada
    "enu yenu hege hegey elli yavaga yaavaga yavdu yavudu yaavudu ide idya ideya idiya illva illava beku bekagutte bekittu heli helthira helbeku " +
    "maadi maadbahuda maadbodu maadbahudu maadidini maadidre alli ge ige ondu nanna nange nanage nimma nimge neevu nivu swalpa tumba bega " +
    "barutte baratte bartide bandide aagutte aagatte kodi kodthira aadmele aadmel aadre innu kottilla kottidini yav yaav iruva iruvudu " +
    // Malayalam
    "enthanu engane evide eppol undu illallo venam venom parayamo parayu cheyyamo cheyyam ente enikku ningal ningalude " +
    "ippol kurachu orupaadu varumo varum " +
    // Gujarati
    "shu su kem kyan kyare che chhe nathi hatu hati joie joiye joye joiae kaho kahejo karo karvu karsho karsu " +
    "maa nu ni no ne thi mate sathe tamara tamaru tamari tame mari maru ame apne bahu thodu aavse aavshe avse avshe chalse thase thashe " +
    // "male che?" (is it to be had): in a bottle shop never the English word
    "male malse malshe " +
    // Punjabi
    "kiven kive kidda kithe kitthe kado kadon kinne chahida chahidi chahide dasso daso dassi tusi tusin tuhada tuhadi tuhade mainu sanu assi " +
    "saadi saada saade vich ton paaji praji veere veer bhaji aauga aaugi hoyega banda bandi samet " +
    // Bengali and Marathi
    "ki kothay kobe keno kemon achhe nei lagbe debe amar amake apnar apni tumi ektu khub " +
    "kay kaay kuthe kadhi kasa kashi kase aahe ahe nahi nahit pahije sanga mala tumhi tumcha tumchi majha majhi",
);

/** Words that do carry a concept, in the groups language.ts already has. */
export const REGIONAL_CONCEPTS: Record<string, string[]> = {
  // How much: Tamil, Telugu, Kannada, Malayalam, Gujarati, Punjabi, Bengali, Marathi; and "price".
  // "kul" (the total) too, in Hindi and Punjabi.
  price: ["kul", "evlo", "entha", "ethra", "etra", "ketla", "ketlu", "ketli", "ketlo", "ketlaa", "kinne", "evvalavu", "evalavu", "yevlo", "yevvalavu", "vilai", "enta", "dhara", "eshtu", "estu", "bele", "kinna", "kinni", "mull", "mul", "koto", "kato", "kiti", "kimmat", "kimat", "kimmath"],
  // Days and years.
  duration: ["naal", "naala", "naalil", "naatkal", "roju", "rojulu", "rojullo", "dina", "dinagalu", "divas", "divasma", "divase", "dibosh", "varusham", "varusam", "varsham", "samvatsaram", "endlu", "varsha", "varas", "varsh", "bochor"],
  // Night.
  hours: ["iravu", "rathiri", "raathri", "rathri", "ratri", "ratre", "raatre", "raatri"],
  // Sending: Tamil "anuppu", Telugu "pampu", Kannada "kalisu", Gujarati "moklo".
  ship: ["anuppu", "anuppunga", "anuppuvinga", "anuppuveenga", "anuppiten", "anuppinen", "anuppanum", "pampu", "pampandi", "pampistara", "pampistaru", "pampinchandi", "kalsi", "kalisi", "kalsthira", "kalisthira", "kaluhisi", "moklo", "moklavo", "mokalsho", "mokalso", "mokli", "moklyu", "mokalje"],
  colour: ["rangu", "niram", "nirum", "banna"],
  kids: ["kuzhandhai", "kuzhanthai", "kulanthai", "kulandhai", "pillalu", "makkalu", "makkal", "chhokra", "chhokri"],
  cold: ["jillunu", "kulir", "challaga", "challa", "tannage", "thandu"],
  hot: ["soodu", "sudu", "vedi", "vediga", "bisi"],
  // Pieces: Gujarati "nang" ("6 nang": six of them).
  quantity: ["nang"],
  // Broken: Tamil "odanju", Telugu "pagili", Kannada "odedu".
  defect: ["odanju", "odanjiduchu", "udanju", "udanjiduchu", "pagilindi", "pagili", "odedu", "odedide", "odedhoytu"],
};

/** Water, in the languages above: as shop-wide as "water" (every bottle holds it). */
export const REGIONAL_WEAK: readonly string[] = split("thanni tanni neellu neeru vellam pani");

/**
 * Money in the languages above (Kannada "hana", "duddu"; Tamil and Malayalam "panam", "kaasu";
 * Telugu "dabbulu"; Bengali "taka"): like "money", the story around a refund or a price, which
 * words such as "refund" or "evlo" say.
 */
export const REGIONAL_CONTEXT: readonly string[] = split("hana duddu panam kaasu kasu dabbulu taka");
