/**
 * Reads one message for a suicide or self-harm crisis, in English, Spanish, Portuguese, French
 * and German, as people really write it: slang (kms, unalive, sewerslide), leetspeak (su1c1de),
 * spaced and stretched letters (s u i c i d e, dieeee), misspellings (suicde, kil myself).
 * Pure TypeScript, no I/O: it runs on the server and in the browser.
 *
 * How: normalise the text (normalise.ts), then try the phrase rules of each category, most
 * urgent first (attempt, method, intent, farewell, self-harm, passive); each rule carries the
 * context that makes its phrase a figure of speech ("this exam is killing me", "cut my hair").
 * When no rule holds, a classifier trained in the repository (classifier.ts) reads the
 * same normalised text: phrasings no rule foresaw ("i have a plan and a date").
 *
 * Decided cases, the safer error being to show help:
 * - someone else's crisis now ("my friend wants to kill herself", "my sister is cutting
 *   herself", "she took a bunch of pills") reads as a crisis: she needs the resources too;
 * - someone else's death told as past or fiction ("my uncle died by suicide", "romeo kills
 *   himself", "the character dies") does not;
 * - "kms" / "kys" always read as a crisis, even as a joke or said to someone else;
 * - an explicit denial discards its own phrase ("i'm not suicidal", "i would never hurt
 *   myself"), but anything else in the message still counts;
 * - "i dont want to die" (fear, surgery) is not a crisis; "i dont want to live" is.
 */
import { Classifier, type Signals } from './classifier';
import { MODEL } from './classifier-weights';
import { EN } from './lexicon-en';
import { FAMILIES } from './lexicon-families';
import { INTL } from './lexicon-intl';
import { normalise } from './normalise';
import type { CrisisCategory, Rule } from './rules';
import { matches } from './rules';

export type { CrisisCategory } from './rules';
export { normalise } from './normalise';

export interface CrisisReading {
  crisis: boolean;
  category: CrisisCategory | null;
}

/** Most urgent first: a message that names an attempt and a farewell reads as an attempt. */
export const CATEGORIES: readonly CrisisCategory[] = [
  'attempt',
  'method',
  'intent',
  'farewell',
  'self-harm',
  'passive',
];

const LEXICON: ReadonlyArray<readonly [CrisisCategory, readonly Rule[]]> = CATEGORIES.map(
  (category) => [category, [...EN[category], ...INTL[category], ...FAMILIES[category]]] as const,
);

/**
 * Every pattern of the reading, in its order: compiling them costs a phone far more than
 * reading with them (V8 compiles each on its first use), so the app warms them a few at a time
 * (app/routes/Chat/crisisWarmUp.ts) rather than all inside one task.
 */
export function crisisRules(): Rule[] {
  return LEXICON.flatMap(([, rules]) => rules);
}

const NONE: CrisisReading = { crisis: false, category: null };

/** The lexicon's category for a normalised text, or null when no rule holds. */
export function readLexicon(normalised: string): CrisisCategory | null {
  for (const [category, rules] of LEXICON) {
    for (const candidate of rules) {
      if (matches(candidate, normalised)) return category;
    }
  }
  return null;
}

/** The learned classifier (classifier.ts), its weights trained by `npm run train:safety`. */
export const classifier = new Classifier(MODEL);

/**
 * A past struggle told as past, in the five languages: "i used to cut", "2 years clean", "since
 * i stopped", "when i was 14 ... now", "that's behind me", "antes me cortaba", "ja me cortei no
 * passado", "avant je me scarifiais", "ich hab mich frueher geritzt", "seit zwei jahren nicht
 * mehr"; and a plain "no thoughts of hurting myself".
 */
const RECOVERY =
  /\b(?:used to|use to|\d+|one|two|three|four|five|a|half a) (?:years?|months?|days?|weeks?) (?:clean|free|sober)\b|\b(?:i|we) used to (?:self ?harm|sh|cut|hurt|harm|want to die|wanna die|be suicidal|think about|burn)|\b(?:since|after) i (?:stopped|quit) (?:cutting|self ?harm|sh|hurting|harming|burning)|\b(?:clean|free) from (?:self ?harm|sh|cutting)|\bwhen i was (?:\d+|a teen|younger|a kid|in (?:middle|high) school)\b[^.]{0,80}\bnow\b|\b(?:thats|its|that is|it is) (?:all )?behind me\b|\b(?:a few|some|many|two|three|\d+) years ago\b[^.]{0,60}\b(?:helped|better|now|happy|fine|okay|ok|good)\b|\b(?:in|since) (?:high|middle) school\b[^.]{0,60}\b(?:doing|much|really) (?:well|better)\b|\bover my old (?:self ?harm )?scars\b|\bmy scars are old\b|\b(?:havent|haven t|have not) (?:had|hurt|cut|felt)\b[^.]{0,40}\bin (?:years|months|a long time)\b|\b(?:no|not having|not having any|zero) (?:thoughts|thought) (?:of|about) (?:hurting|harming|killing|suicide|dying|self ?harm)|\b(?:not|no) (?:thinking|thinkin) (?:of|about) (?:hurting|harming|killing)|\bantes me (?:cortaba|hacia dano|lastimaba)|\b(?:llevo|hace) (?:\w+ )?(?:anos|meses|un ano|dos anos) (?:limpia|limpio|sin)\b|\bhace (?:un|dos|tres|\d+) (?:ano|anos|meses) que deje de\b|\bcuando tenia \d+\b[^.]{0,60}\bahora\b|\bno (?:tengo|tenia) pensamientos de\b|\bno passado\b|\bfaz (?:um|dois|tres|\d+) (?:ano|anos|meses) que parei\b|\bquando eu tinha \d+\b[^.]{0,60}\bhoje\b|\bnao tenho pensamentos de\b|\bavant je me (?:scarifiais|coupais|faisais du mal)|\bca fait (?:un|deux|trois|\d+) (?:an|ans|mois) que j ai arrete\b|\ba \d+ ans je\b[^.]{0,60}\bmaintenant\b|\bpas de pensees? de\b|\bfruher\b[^.]{0,60}\b(?:nicht mehr|gehts gut|geht es mir gut)\b|\bseit (?:einem|zwei|drei|\d+) (?:jahr|jahren|monaten) nicht mehr\b|\bmit \d+ wollte ich\b[^.]{0,60}\bjetzt\b|\bkeine gedanken (?:mich|daran)\b|\b(?:years?|months?|days?) without (?:self ?harm|sh|cutting|hurting myself)\b|\bsince i last (?:hurt|cut|harmed|burned)\b|\bhelped me (?:stop|quit) (?:wanting|hurting|cutting|harming|self)|\b(?:scared|afraid|worried) (?:id|i would|i might|of|to) relapse\b[^.]{0,80}\b(?:passed|okay|ok|fine|instead)\b|\b(?:havent|have not) (?:hurt|cut|harmed) (?:myself )?in (?:\w+ )?(?:years|months)\b|\bi used to (?:think|believe|feel)\b[^.]{0,80}\bnow\b|\b(?:(?:a few|some|two|three|\d+) years ago|hace (?:\w+ )?anos|ha (?:\w+ )?anos|il y a (?:\w+ )?ans|vor (?:\w+ )?jahren)\b[^.]{0,100}\b(?:glad|me alegro|feliz|contente|froh|still here|seguir aqui|ainda estar aqui|encore la|noch da)\b|\b(?:i used to|antes usaba|antes eu usava|antes usava|avant je portais|fruher trug ich) (?:wear )?(?:long sleeves|manga larga|manga comprida|des manches longues|lange armel)\b[^.]{0,60}\b(?:this summer|este verano|esse verao|este verao|cet ete|diesen sommer)\b|\bin recovery from (?:self ?harm|sh|cutting|suicidal)|\b(?:seit|since|for) (?:\w+ )?(?:jahren?|monaten|years?|months?|anos|meses|ans|mois) (?:clean|limpia|limpa|limpio|sober)\b|\bback then\b[^.]{0,80}\b(?:glad|still here|better now)\b|\b(?:last year|back then|years ago|when i was \d+)\b[^.]{0,80}\b(?:but|and) (?:therapy|treatment|my therapist|medication|meds|talking to someone) (?:really |has |had )?helped\b/;
/** The struggle is back now: a relapse, "again", tonight. Such a message is read as usual. */
const BACK_NOW =
  /\b(?:relapsed|relapsing|had a relapse|again|started|starting|tonight|right now|rn|anymore|but now i|broke|(?:its|is|im|came|coming) back|urges?|(?:but|and) (?:i |im )?(?:really |still )?(?:want|wanna|need|crave|craving|tempted)|otra vez|de nuevo|recai|recaida|volvi|de novo|recaida|voltei|encore(?! la\b)|rechute|rechute|recommence|wieder|ruckfall|heute nacht)\b/;

/** True when a normalised text tells a struggle as past (or denies it) and nothing says it is back. */
export function toldAsPast(normalised: string): boolean {
  return RECOVERY.test(normalised) && !BACK_NOW.test(normalised);
}

/**
 * Ordinary frames around crisis words (the false alarms of the second spent batch, as families):
 * a hyperbole with its trigger and a laugh ("every time my manager says circle back lol"), a song
 * or an opera quoted, someone else's death told as history or news, a cut or a burn by accident,
 * an explicit "no plans to hurt myself". They hold only when no plain first-person wish to die
 * or kill oneself is in the same message (STRONG), which always reads as usual.
 */
const ORDINARY =
  /\b(?:every ?time|one more time|if i (?:hear|see|have to (?:hear|see))|for a good \w+|si j entends|si tengo que (?:oir|escuchar)|cada vez que|toda vez que|se eu ouvir|jedes mal wenn|wenn ich (?:noch ?mal|nochmal))\b[^.]{0,80}\b(?:lol|lmao|lmfao|haha\w*|mdr|ptdr|jaja\w*|kkk\w*|xd)\b|\b(?:lol|lmao|mdr|jaja\w*|kkk\w*)\b[^.]{0,80}\b(?:every ?time|one more time|si j entends|cada vez que|toda vez que|jedes mal wenn)\b|\b(?:songs?|lyrics?|opera|musical|karaoke|album|playlist|cancion\w*|cancao|cancoes|musica|chanson\w*|lied|lieder|liedtext|paroles|letra)\b[^.]{0,40}\b(?:that goes|where (?:she|he|they) (?:says|sings)|about (?:wanting|dying|death|suicide)|ends with|sobre (?:morir|morrer|querer)|qui dit|sur la mort|uber den tod|wo sie singt|que dice|que diz)\b|\b(?:learning about|history|documentary|news|article|celebrity|story is all over|memorial|funeral|obituary|aprendiendo sobre|historia|documental|documentario|noticias|noticia|histoire|documentaire|geschichte|doku|nachrichten)\b[^.]{0,60}\b(?:killed|overdose\w*|died|suicide|murdered|muertos|mortos|tues|getotet)\b|\b(?:uncle|aunt|cousin|grandpa|grandma|grandfather|grandmother|celebrity|singer|actor|actress|rapper)\b (?:\w+ )?(?:overdosed|died|killed (?:himself|herself|themselves))\b[^.]{0,60}\b(?:years ago|last year|memorial|funeral|anniversary|in \d{4})\b|\b(?:overdose|sobredosis|overdose) (?:of|de) (?:cuteness|cute|love|sugar|carbs|caffeine|coffee|memes|fofura|ternura|mignon\w*)\b|\b(?:en epluchant|en coupant|en cuisinant|avec le (?:lisseur|fer|four)|cortando (?:cebolla|cebola|verduras|legumes)|pelando|descascando|cozinhando|cocinando|con la plancha|com a chapinha|beim (?:kochen|schneiden|schalen)|mit dem glatteisen|chopping|peeling|while cooking|with (?:my|the) (?:straightener|curling iron|hair straightener))\b|\b(?:rien de grave|nada grave|nichts schlimmes|nothing serious)\b|\b(?:take to heal|tarda en (?:curar|sanar|cicatrizar)|demora (?:pra|para) cicatrizar|a cicatriser|heilt)\b[^.]{0,60}\b(?:caught it on|con un vaso|con un vidrio|num copo|no vidro|avec un verre|am glas)\b|\b(?:i have|ive got|i got|theres|i dont have|i do not have) (?:no|any) plans? (?:to|of) (?:hurt|hurting|harm|harming|kill|killing) myself\b|\bno tengo (?:ningun )?plan(?:es)? de (?:hacerme dano|matarme|lastimarme)\b|\bnao tenho (?:nenhum )?plano de (?:me machucar|me matar)\b|\bje n ai pas (?:l intention|de plan) de me (?:faire du mal|tuer)\b|\bich habe? nicht vor,? mir (?:was|etwas) anzutun\b|\b(?:novel|book|roman|livro|libro|buch|film|movie|series|la protagonista|the main character|the character|the heroine|l heroine|die hauptfigur|a personagem|a protagonista|el personaje|le personnage)\b[^.]{0,40}\b(?:writes|escribe|escreve|ecrit|schreibt|sings|canta|chante|singt)\b|\b(?:getting|got|get) my (?:bangs|hair|fringe) cut\b|\bsleep forever (?:this|on|next) (?:sunday|saturday|weekend|morning)\b/;
/** A first-person wish to die now: never silenced by an ordinary frame. */
const STRONG =
  /\b(?:kms|kys|suicidal|(?:i|i really|i just) (?:want|wanna|need) to (?:die|kill myself|end it)|kill myself|end my life|quiero (?:morir|matarme)|quero (?:morrer|me matar)|je veux (?:mourir|me tuer)|ich will (?:sterben|mich umbringen)|on purpose|a proposito|de proposito|expres|absichtlich|para sentir algo|to feel something)\b/;

/**
 * What readCrisis reads as nothing before any rule: a struggle told as past (toldAsPast) or an
 * ordinary frame with no plain wish to die beside it.
 */
export function readsOrdinary(normalised: string): boolean {
  return toldAsPast(normalised) || (ORDINARY.test(normalised) && !STRONG.test(normalised));
}

/** Means at hand or an act under way, in the five languages: no ordinary frame silences it. */
const DANGER_NOW =
  /\b(?:tonight|right now|rn|pills?|took|taking|swallowed|overdos\w*|bleeding|blade|razor|rope|noose|gun|ledge|esta noche|ahora mismo|pastillas|me tome|hoje a noite|agora mesmo|comprimidos|remedios|tomei|ce soir|maintenant|cachets|medicaments|j ai pris|heute nacht|jetzt gerade|tabletten|genommen)\b/;

/**
 * Whether a message names danger now (an attempt or a method read by the lexicon, or means and
 * time): then an ordinary frame around it (a laugh, a song, a past struggle) never silences it.
 * When unsure, help shows.
 */
function dangerNow(normalised: string, category: CrisisCategory | null): boolean {
  return category === 'attempt' || category === 'method' || DANGER_NOW.test(normalised);
}

/**
 * True when readCrisis reads a normalised text as nothing before any rule or the classifier:
 * an ordinary frame (readsOrdinary) around no danger now. `category`: the lexicon's reading.
 */
export function silencedAsOrdinary(normalised: string, category: CrisisCategory | null): boolean {
  return readsOrdinary(normalised) && !dangerNow(normalised, category);
}

/**
 * One message, read alone: nothing when an ordinary frame holds around no danger now; else a
 * crisis when a lexicon rule holds (its category), or when the classifier's score reaches its
 * threshold (the classifier's category head names it). A rule is never overruled by the
 * classifier: when unsure, help shows.
 */
export function readCrisis(text: string): CrisisReading {
  const normalised = normalise(text);
  if (normalised === '') return NONE;
  const category = readLexicon(normalised);
  if (silencedAsOrdinary(normalised, category)) return NONE;
  if (category) return { crisis: true, category };
  const learned = classifier.read(normalised, signalsOf(normalised, null));
  return learned.crisis ? { crisis: true, category: learned.category } : NONE;
}

/** The hand-written reading's verdicts on a text, as the classifier takes them (Signals). */
export function signalsOf(normalised: string, lexicon: CrisisCategory | null): Signals {
  return {
    lexicon,
    danger: DANGER_NOW.test(normalised),
    ordinary: readsOrdinary(normalised),
  };
}

/**
 * Compiles every pattern and decodes the classifier's weights now: the first reading would
 * otherwise pay for them all at once (the server warms up before it listens; the app warms in
 * slices of its own, crisisWarmUp.ts).
 */
export function warmCrisisReading(): void {
  classifier.warm();
  const samples = ['warming up the reading, nothing to see here', 'a second ordinary line'];
  for (const rule of crisisRules()) for (const sample of samples) matches(rule, sample);
  for (const sample of samples) isUnsafeAnswer(sample);
}

/** "not in danger", "i won't do anything": a plain yes to being safe. */
const SAFE_DENIAL =
  /\b(?:not in danger|not going to do anything|not gonna do anything|wont do anything|not going to hurt myself|not gonna hurt myself|wont hurt myself|not suicidal)\b/;
/** "not safe", "no estoy bien", "nicht sicher", "je suis pas bien". */
const NEGATED_SAFE =
  /\b(?:not|never|no|isnt|arent|nao|pas|nicht|nada)(?: (?:really|rly|so|very|totally|completely|that|too|estoy|estou|to|suis|bin|mir|gar))* (?:safe|ok|okay|k|fine|good|alright|all right|well|sure|seguro|segura|bien|bem|sicher|gut|en securite|a salvo)\b/;
/** "no im not", "i am not" closing the answer. */
const IM_NOT = /\b(?:im|i am) not\b(?! (?:going|gonna) (?:to )?(?:do|hurt|kill))/;
/** Not knowing is not a yes. */
const UNSURE =
  /\b(?:idk|i dont know|i dunno|dunno|dont know|not sure|im not sure|no idea|maybe|kinda|kind of|sort of|i guess not|hard to say|no se|no lo se|nao sei|sei la|je sais pas|je ne sais pas|jsp|aucune idee|keine ahnung|weiss nicht|weis nicht|wei nicht|ich weiss es nicht|mas o menos|mais ou menos|bof)\b/;
/** Answers that open with a no. */
const NO_FIRST =
  /^(?:no+|nope|nah+|naw|nop|nao|non|nein|nee|not really|not rly|nty|not at all|never|la verdad no|la verdad que no|no mucho|pas vraiment|nicht wirklich|eigentlich nicht|na)\b/;
/** A plain statement of being safe or fine, once negations are ruled out. */
const SAFE_STATEMENT =
  /\b(?:safe|ok|okay|fine|good|alright|all right|better|bien|bem|sicher|gut|a salvo|seguro|segura)\b/;

/**
 * True when a message answers "are you safe?" with a no, a not really or an I don't know
 * (used after a crisis reply). A message that itself reads as a crisis is unsafe too.
 */
export function isUnsafeAnswer(text: string): boolean {
  const t = normalise(text);
  if (t === '') return false;
  if (readCrisis(text).crisis) return true;
  if (SAFE_DENIAL.test(t)) return false;
  if (NEGATED_SAFE.test(t) || IM_NOT.test(t)) return true;
  if (UNSURE.test(t)) return true;
  if (NO_FIRST.test(t)) return !SAFE_STATEMENT.test(t);
  return false;
}
