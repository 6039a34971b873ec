// India's other languages as shoppers type them in Latin letters, beside English or Hindi: Tamil,
// Telugu, Kannada, Malayalam, Gujarati, Punjabi, Bengali, Marathi, Assamese and Odia, Hindi's
// neighbours Bhojpuri, Haryanvi, Marwari and Maithili, and Urdu, Konkani, Sindhi, Tulu, Nepali and
// Kashmiri. Only what a shop's questions
// are built from: the grammar words (postpositions, pronouns, "is there", "want", "tell me"), the
// question words (those that ask how much carry a price, like "kitna"), and the few nouns a
// shopper asks about (days, years, price, colour, children, hot and cold, water). Written from the
// languages, not from the evaluation sets; language.ts reads it as it reads hinglish.ts.
//
// Left out on purpose: words that are also English words a shopper may mean in a shop ("pan",
// "tame", "hole", "undo", "ache"; "emi", Telugu for "what" but to a shopper a way to pay; "ipo",
// Tamil for "now" but to a shopper an IPO), and forms too short to tell apart from a size or a typo.

const split = (text: string) => text.trim().split(/\s+/);

/** Grammar, question and filler words: they carry nothing the bot needs. */
export const REGIONAL_STOP_WORDS: readonly string[] = split(
  // Tamil: what, how, where, when, who, which, how many; is there / is not; want; tell; do;
  // become; postpositions and particles; pronouns; much, little, now, here, there; forms of address
  "enna ennanu ennana ennenna epdi eppadi epadi enga engey enge eppo eppothu epo yaaru yaar enthe endha ethu edhu ethana ethanai etthana " +
    "inda indha intha irukum poren porom varaku varai podalam podalama podalaama atha en " +
    "irukka irukku iruku irukkum irukkuma irukkaa irundha irundhaa iruntha illa illaya illaiya illai illaye venum vendum venuma venam vendam " +
    "sollunga sollu solunga sollungal pannu pannunga pannalama pannalaama pannanum pannren pannuren panren pannina pannadhu panna " +
    "aagum aaguma aagatha aagadha aachu aayiduchu mudiyuma mudiyum mudiyadhu theriyuma theriyum theriyala varum varuma varadhu vandhu vanthu vandhuchu " +
    "la le ku kku ukku oda ode um ah dhan than thaan tha nga unga ungal ungaloda ungalukku naan nan enaku enakku ennoda namma namakku " +
    "inga anga podhum romba konjam ippo da di ma pa anna akka thambi machan " +
    // Telugu
    "enti emiti ela elaa ekkada eppudu enni unda undi unnaya unnayi unnai ledu leda levu kavali kaavali kavalante cheppandi cheppu cheppagalara " +
    "naduputhanu pettukuntanu theesukuntaru theesukuntara chesaka chesina padtundi padutundi cheyyochu cheyyocha cheyali cheyocha cheyyocha chesthe chesanu chestunnanu cheyandi pettocha pettochu pettavacha lo ki ni nu ga gaa kuda kooda mee meeru " +
    "naaku nenu naa mana ikkada akkada ippudu chaala konchem andi garu vastundi vasthundi ostundi osthundi vacchindi vachindi raaledu " +
    "enduku endhuku avtundi avutundi avuthundi " +
    // Kannada
    "enu yenu hege hegey elli yavaga yaavaga yavdu yavudu yaavudu ide idya ideya idiya illva illava beku bekagutte bekittu heli helthira helbeku " +
    "maadiskondre maadisidre ishta aagilla aste naanu hesaralli maadovaga maadbekandre olage maadbeku maadodu maadbodu haakbahuda haakbodu haaki maadi maadbahuda maadbodu maadbahudu maadidini maadidre alli ge ige ondu nanna nange nanage nimma nimge neevu nivu swalpa tumba bega " +
    "barutte baratte bartide bandide aagutte aagatte kodi kodthira aadmele aadmel aadre innu kottilla kottidini yav yaav iruva iruvudu " +
    // Malayalam
    "enthanu engane evide eppol undu illallo venam venom parayamo parayu cheyyamo cheyyam ente enikku ningal ningalude " +
    "ippol kurachu orupaadu varumo varum " +
    // Gujarati
    "shu su kem kyan kyare che chhe nathi hatu hati joie joiye joye joiae kaho kahejo karo karvu karsho karsu " +
    "bharay kai dhyan rakhvanu cho sudhi mukay shakay bhari maa nu ni no ne thi mate sathe tamara tamaru tamari tame mari maru ame apne bahu thodu aavse aavshe avse avshe chalse thase thashe " +
    // "male che?" (is it to be had): in a bottle shop never the English word
    "male malse malshe " +
    // Punjabi
    "kiven kive kidda kithe kitthe kado kadon kinne chahida chahidi chahide dasso daso dassi tusi tusin tuhada tuhadi tuhade mainu sanu assi " +
    "hove taan painda ch janda jandi saadi saada saade vich ton paaji praji veere veer bhaji aauga aaugi hoyega banda bandi samet " +
    // Bengali and Marathi
    "ki kothay kobe keno kemon achhe nei lagbe debe amar amake apnar apni tumi ektu khub " +
    "kay kaay kuthe kadhi kasa kashi kase aahe ahe nahi nahit pahije sanga mala tumhi tumcha tumchi majha majhi " +
    // Bengali: pronouns, postpositions, "is there", "will be", "take", "give", "tell", "which", "all", "like", "than"
    "fele diyechi chhilo chilo ashbe asbe ashe tu e o te ar ami amra amader apnader tomar tomader oder ekhane okhane eta ota ekta ekti ta ti ta-ki naki jodi tahole kintu er der jonno theke diye porjonto " +
    "porai porachi porai kora kori korbo korle korar korchi korte korun kore hobe hoy hoye hocche holo hoyeche hoini thakbe thakle thake pawa pabo pai pabe jay jabe jabo jete " +
    "pore pora bhore bhora dhokar dhukbe obdhi chole cholbe shoho dewa dite debo deben nebo neben nite nile niye bolun bolo bolben bolte konta kon konti sob shob kichu aro moto mane gulo guli cheye dekhchi bhabchi " +
    // Assamese: I, you, your, any, is, is not, will be, if, to, in, of, want, will take, come, get
    "moi mur mok apuni apunar apunalokor apunalok tumar amar kunu ase nai ne hobo hoile loi ot khujisu khujo lobo loba ahi paboloi pabo " +
    "bhitorot bhitor diye dile dibo thake thaka babe babad lagibo lagiba bhoriale bhorale bhal saahor " +
    // Odia: I, my, you, your, is, will be, can, for, of, in, from, to, within, if, something, still, now, also
    "mu mora mote apana apananka tume tumara achhi achi chhi nahin heba hela hebani helani kariparibi paribi karichi kari kariba deba dei deichi " +
    "chaluchi chalichi chaliba lekhichhi lekhichi ra re ru ku bhitare upare kouthi kahinki kana kebe jadi kichhi tathapi ebe bi thili thila chahunchi " +
    // Marathi: we, are, for, in, on, of, then, if, means, want, take, took, including, which, is, can, give, don't want
    "lagtil lagtat asta nantar lavkar bolaycha karto lagel baghaycha baghayche karaycha karaychi mazyakade majhyakade je varun bahervarun baher ughadnari ughadta ughadte mi amhi aamhi aapan amcha ahot sathi madhe madhye var chi cha che chya tar jar mhanje hava havi ghya ghyavi ghetla ghetlya ghetli dharun " +
    "konta konti konte shakto shakte shakel deu dya nako tyacha tyachi tyat tyala yeto yete aalyavar aalya vicharto dakhavle lavnar lavla " +
    // Malayalam: I, my, in, from, and, what, which all, is, will get, do, done, bought, that, till, from
    "kittaan kittan irikkan cheyyendathu cheyyendath aayi aayittullu aayittu lekku ilekku il njan nte ninnu enthu enthokke ethokke aanu aavum aavumo aavunnu kittum kittumo kittan cheyyam cheyyan cheyyanam cheythal edukkum " +
    "koottiyaal kootti vaangiya vaangi athinu ithinu athu ithu vare muthal undavum undakum nilkkumo nilkkum ozhichaal theerunnath chechi chetta chettan " +
    // Bhojpuri: is, was, will be, how much, of, for, my, your, you, went, happened, is got, will cost
    "banal banela ba baa bate baate rahi rahila rahela hoi hola bhaila bhail gail gaila milela milal lagi lagela hamar hamre tohar rauwa raua khatir khatar " +
    // Haryanvi: is, am, the one, your, near, much
    "se su aala aali aale thare thara dhore ghana laggegi laggega " +
    // Marwari: me, my, for, of, is, want, will take, till, until
    "mhane mharo mhaaro mhara mhaara mhari mhaari thane tharo waaste waste ri ro ra sa laagsi lagsi chaiye chaije taain tain " +
    // Konkani: if done, to give, have to, stays, in it
    "kelyar divche divpak poddtat podta urta urtat tantunt " +
    // Sindhi: this, of, is, sir (a form of address)
    "hin hiin jo ji ja saain sain " +
    // Tulu: this, inside, can put, is
    "ee dula deepolia deepoli deppolia " +
    // Nepali: this, in, until, stays, is, will
    "yo samma rahancha rahanchha huncha hunchha cha chha " +
    // Maithili: my, till, will come, is
    "hamar dhari aayat aaot achhi chhai " +
    // Kashmiri: this, which has, is
    "yi yemis yemas chu chhu chhe " +
    // More of the ten languages above: Tamil "after it ships" (aana apram), Kannada "where is" (ellide),
    // "must send" (kalisbeku), "new" (hosa), "or else" (andre), Malayalam "got" (kittiyathu),
    // Bengali "will buy" (kinbo), Odia "my" (mo), "grandmother" (jeje), "will buy" (kinibi) (Odia
    // "pain", for, is left out: it is an English word), Assamese "is needed" (lage), "know" (jani), Marathi "to us" (amhala),
    // "works" (chalto), Punjabi "for" (layi), "most" (sabto)
    // Tamil "you give" (kudukkureenga), "any" (edhavadhu), "is there" (undaa); Bengali "after" (por),
    // "within" (moddhe), "to give" (deoa); Marathi "which" (kontya), "is got" (milte)
    "kudukkureenga kudukkuringa kodukkureenga kudupeenga kudupingala edhavadhu edhavathu ethavathu undaa " +
    "por moddhe moddhye modhye deoa dewa kontya kontye milte miltat " +
    // Punjabi "from" (ton), "am" (haan), "was doing" (karda pya si), "in" (vich), "will reach" (jaugi);
    // Telugu "on" (meeda), "must give" (ivvali); Bengali "above" (upor), "if done" (korle), "will be"
    // (hobe), "from" (theke), "speaking" (bolchi); Marathi "from the district" (jilhyatun), "speaking"
    // (boltoy), "want to do" (karaychi), "will be" (asel), "must do" (karava), "will take" (lagel);
    // Gujarati "from" (thi), "writing" (lakhu), "am" (chu), "will cost" (lagse); Malayalam "if done" (cheythaal), "by" (kondu)
    "ton haan karda pya si vich jaugi meeda ivvali upor korle hobe theke bolchi jilhyatun boltoy karaychi asel karava lagel " +
    "thi lakhu chu lagse cheythaal kondu " +
    // Bengali "(I) drink" (khai), "good" (bhalo)
    "khai bhalo " +
    "mo jeje aana apram appuram aprom ellide elli ellidhe kalisbeku kalsbeku hosa andre kittiyathu kittiyath kittiyadhu kinbo kinbe kinibi kinibu lage laage jani jaani amhala amhaala chalto chalte layi sabto sabton",
);

/**
 * The words that ask how much, or for the total, in the languages above: a price as a word (like
 * "kitna"), and in a message naming products, a sum asked (catalog-answers.ts). Tamil "evlo",
 * Telugu "entha", Kannada "eshtu", Malayalam "ethra" and "motham" (the total), Gujarati "ketla",
 * Punjabi "kinna" and "kul" (the total, in Hindi too), Bengali "koto", Assamese "kiman", Odia
 * "kete", Marathi "kiti" and "ekun" (the total), Bhojpuri "ketna", Haryanvi "kitte".
 */
export const REGIONAL_HOW_MUCH: readonly string[] = split(
  "kto kiman kimaan kete ketna kaetna kitte motham ekun kul evlo entha ethra etra ketla ketlu ketli ketlo ketlaa kinne " +
    "evvalavu evalavu yevlo yevvalavu enta eshtu estu kinna kinni koto kato kiti " +
    // Marwari "kitta", Konkani "kitlo", "kitle", Sindhi "kiteo", "kitro", Nepali "kati", Maithili "katek", Kashmiri "kotah"
    "kitta kitlo kitle kiteo kitro kati katek kotah",
);

/** Words that do carry a concept, in the groups language.ts already has. */
export const REGIONAL_CONCEPTS: Record<string, string[]> = {
  // How much and the total (above), "price" (Tamil "vilai", Telugu "dhara", Kannada "bele",
  // Punjabi "mull", Gujarati and Marathi "kimmat") and a discount ("chhoot").
  // Sindhi "mulh" (price), Kashmiri "rupay", Konkani "chad" (extra, as in an extra charge).
  price: [...REGIONAL_HOW_MUCH, "mulh", "rupay", "chad", "vadhare", "vadhaare", "tanka", "roopayude", "roopa", "rupiya", "chhoot", "chhut", "vilai", "dhara", "bele", "mull", "mul", "kimmat", "kimat", "kimmath"],
  // Days and years.
  // Urdu "muddat" (a period), Maithili "kahiya" (when), Konkani "vell" (time).
  duration: ["muddat", "kahiya", "vell", "bosor", "bosoror", "kollam", "rojantha", "kotodin", "kotodine", "maasam", "masam", "ghonta", "ghanta", "divasam", "neram", "kedina", "ketedina", "naal", "naala", "naalil", "naatkal", "roju", "rojulu", "rojullo", "dina", "diner", "divsat", "divsaat", "dinagalu", "divas", "divasma", "divase", "dibosh", "varusham", "varusam", "varsham", "samvatsaram", "endlu", "varsha", "varas", "varsh", "bochor"],
  // Night.
  hours: ["ravivari", "ravivar", "sakali", "sokal", "sokale", "raavile", "bikel", "iravu", "rathiri", "raathri", "rathri", "ratri", "ratre", "raatre", "raatri"],
  // Sending: Tamil "anuppu", Telugu "pampu", Kannada "kalisu", Gujarati "moklo" (and the others' below).
  colour: ["rangu", "niram", "nirum", "banna", "rangat", "rangaat"],
  // Sending: Assamese "pathai", Bengali "pathabo", Odia "pathaiba".
  ship: ["aasi", "pathai", "pathaibo", "pathabo", "pathan", "pathiye", "pathaiba", "pathaibe", "anuppu", "anuppunga", "anuppuvinga", "anuppuveenga", "anuppiten", "anuppinen", "anuppanum", "pampu", "pampandi", "pampistara", "pampistaru", "pampinchandi", "kalsi", "kalisi", "kalsthira", "kalisthira", "kaluhisi", "moklo", "moklavo", "mokalsho", "mokalso", "mokli", "moklyu", "mokalje"],
  kids: ["tabar", "meye", "chele", "lora", "suwali", "lorasuwali", "kuzhandhai", "kuzhanthai", "kulanthai", "kulandhai", "pillalu", "makkalu", "makkal", "chhokra", "chhokri"],
  cold: ["thond", "thondh", "thanupp", "thanuppu", "jillunu", "kulir", "challaga", "challa", "tannage", "thandu"],
  hot: ["tato", "taato", "gorom", "garom", "choodu", "soodu", "sudu", "soodana", "soodaa", "soodaga", "vedi", "vediga", "bisi"],
  // A name: Kannada "hesaru" (Tamil "peru" is also the country, "per" an English word).
  // Telugu "letters" (aksharalu) and "will you write" (rastaru, rayinchali): an engraving's text.
  engrave: ["hesaru", "akshramulu", "aksharalu", "aksharaalu", "rastaru", "raastaru", "rayinchali", "raayinchali"],
  // By hand: Marathi "haatane".
  hand: ["haatane", "hatane", "haatani", "kaila", "kaiyala"],
  // Pieces: Gujarati "nang" ("6 nang": six of them), Malayalam "ennam".
  quantity: ["nang", "ennam"],
  // Big and small: Bengali "boro", "chhoto"; Marathi "motha", "lahan"; and how much fits ("basta", "bastat": Marathi).
  // Punjabi "vadda", "vaddi" (big), Marathi "paryant" goes with the limit below.
  size: ["vadda", "vaddi", "vadde", "valiya", "cheriya", "boro", "chhoto", "choto", "motha", "mothi", "lahan", "basta", "bastat", "basel"],
  // Tea: Bengali "cha" ("chaa"), Assamese "saah", Malayalam "chaaya".
  drink: ["chiya", "saah", "chaaya", "chaya", "chaa", "piyun", "piyu"],
  // Washing: Bengali "dhowa", "dhoy".
  clean: ["kazhuvanuma", "kazhuvu", "kazhuvanum", "dhowa", "dhowar", "dhoy", "dhuye", "dhuiye"],
  // Sweat: Marathi "ghaam".
  sweat: ["ghaam", "gham", "thibakta", "bhijel"],
  // Back (a return, money back): Malayalam "thirichu", Odia "pherai", Bengali "ferot", Marathi "parat".
  return: ["wapsi", "waapsi", "vapsi", "thirichu", "pherai", "pherei", "ferot", "ferat", "parat"],
  // A dispute: Odia "bibad", Bengali "bibad", Hindi "vivad".
  law: ["bibad", "vivad", "mamla"],
  // Marathi "paryant" (up to): a limit.
  limit: ["paryant", "paryanta"],
  // Cash, when paid at home: Marathi "rokh", "rokda".
  cod: ["rokh", "rokda", "nagad", "naqad"],
  // Broken: Tamil "odanju", Telugu "pagili", Kannada "odedu".
  defect: ["odanju", "odanjiduchu", "udanju", "udanjiduchu", "pagilindi", "pagili", "odedu", "odedide", "odedhoytu"],
};

/** Water, in the languages above: as shop-wide as "water" (every bottle holds it). */
export const REGIONAL_WEAK: readonly string[] = split(
  "thanni tanni neellu neeru vellam pani udok " +
    // "In the bottle", Konkani "botlint": the bottle itself, which every question is about.
    "botlint botlent botolint " +
    // Counts in words, like "two" and "three": one, two, three in Tamil, Malayalam, Telugu, Kannada, Punjabi, Bengali, Odia.
    "onnu oru rendu randu moonu moonnu moodu mooru okati ondu eradu ik ekta ekti dui duto duita gote",
);

/**
 * Money in the languages above (Kannada "hana", "duddu"; Tamil and Malayalam "panam", "kaasu";
 * Telugu "dabbulu"; Bengali "taka"): like "money", the story around a refund or a price, which
 * words such as "refund" or "evlo" say.
 */
export const REGIONAL_CONTEXT: readonly string[] = split(
  "hana duddu panam kaasu kasu dabbulu taka takar poishe poise " +
    // The shopper's day in those languages: home, school, field, work, the sun, a brother or uncle as a form of address
    "mess hatti tapping draksha bagetla bandi bari barite ghari ghar shetat unhat khadaan akhade bhau tau babuji dada didi kajer mashi pishvi swad halka halki",
);
