/**
 * The learned half of the crisis reading: a logistic regression over hashed
 * word and character n-grams of the normalised text (normalise.ts), trained in the repository by
 * `npm run train:safety` (scripts/train-safety.ts) into classifier-weights.ts. Nothing is
 * downloaded at build or run time. Pure TypeScript, synchronous, no I/O: it runs on the server
 * and, inside the lazily loaded crisis chunk, in the browser.
 *
 * Features (each hashed with FNV-1a into one of `buckets` weights, counted, the vector scaled to
 * unit length so long and short messages weigh alike):
 * - words and pairs of adjacent words ("saving", "saving up", "up my"), with a start and end mark;
 * - character 3- and 4-grams of the text with its spaces ("kms", "kmss", " kms"), which carry
 *   misspellings, stretched letters and words glued together; a word or pair weighs three.
 *
 * - the hand-written reading's own verdicts (`Signals`): whether a lexicon rule holds and its
 *   category, whether the text names means or time of danger now, whether an ordinary frame
 *   holds. (readCrisis asks the classifier only when no rule holds; in training, the rule's
 *   feature explains the lines a rule reads, so the words learn from the rest.)
 *
 * The weights are stored as signed bytes (a scale per head) in base64 and decoded on first use,
 * so loading the module costs nothing until a message is read.
 */
import type { CrisisCategory } from './rules';

/** A trained model as classifier-weights.ts holds it. */
export interface ClassifierModel {
  /** Number of hashed features of the crisis head (a power of two). */
  buckets: number;
  /** The crisis head: bias, scale of its byte weights, and the weights in base64. */
  bias: number;
  scale: number;
  weights: string;
  /** Crisis when the score (a probability) is at least this; chosen on the dev split. */
  threshold: number;
  /** Number of hashed features of each category head (a power of two, fewer than `buckets`). */
  categoryBuckets: number;
  /** One head per category, in this order; the highest score names the category. */
  categories: readonly CrisisCategory[];
  categoryBias: readonly number[];
  categoryScale: readonly number[];
  categoryWeights: readonly string[];
}

/** FNV-1a over a string's UTF-16 code units (the normalised text is ASCII). */
export function hash(text: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const WORD_SEED = 0x811c9dc5;
const PAIR_SEED = 0x2545f491;
const CHAR_SEED = 0x6a09e667;
/**
 * Words grouped by what they mean, across the five languages: a message also counts its groups
 * and each pair of groups it holds ("save"+"means", "absent"+"fault"), so a phrasing seen in one
 * language or with one word carries to its neighbours ("meds" / "pills" / "remedios").
 */
const CONCEPTS: ReadonlyMap<string, string> = new Map(
  (
    [
      [
        'death',
        'ctb dead death die died dying kill killing kms kys matar matarme meurs morir morrer mort morta morte morto mourir muero muerta muerte muerto selbstmord sterben suicidal suicidarme suicide suicider suicidio tod tot tuer umbringen unalive',
      ],
      [
        'means',
        'antidepressants azotea blade blades bleach bleiche bridge brucke cachets comprimes comprimidos corda corde cuerda dach gun javel knife ledge lejia medicaments medication medicine meds pastillas pill pills pont ponte prescription puente razor remedio remedios roof rope schlaftabletten seil somniferes tablets tabletten telhado toit',
      ],
      [
        'save',
        'ahorrando collecting garde gesammelt guardado guardando guardo hoard hoarding juntando juntei sammle save saved saving stash stockpile stockpiling',
      ],
      [
        'plan',
        'bereit data date datum decide decided decidi dia entschieden fecha plan planeado planeando planejando planned planning plano plans pret prete ready tag',
      ],
      ['farewell', 'adeus adieu adios bye despedida farewell goodbye tschuss'],
      ['absent', 'anymore exist existing forever gone longer'],
      ['fault', 'blame culpa fault faute schuld'],
      ['wake', 'acordar aufwache aufwachen despertar despertarme despierte reveiller wake waking'],
      ['burden', 'burden ohne sans sem sin without'],
      [
        'time',
        'amanha demain friday heute hoje manana monday month morgen nacht noche semaine semana soir soon tomorrow tonight week weekend woche',
      ],
      ['done', 'cansada cansado cansei done enough fertig finished harta marre over tired'],
      [
        'love',
        'aime amo danke desculpa gracias lieb love merci obrigada pardon perdon sorry thank thanks',
      ],
      [
        'hurt',
        'bleed bleeding burn cortar cortarme corte cortei coupe couper cut cuts cutting dano geritzt geschnitten harm hurt hurting machucar ritzen scarifie sh weh',
      ],
      ['joke', 'haha jaja jk kkkk lmao lmfao lol mdr ptdr xd'],
      [
        'everyday',
        'birthday bus class concert exam exams game hair homework job movie party phone school summer test train trip vacation weekend work',
      ],
      ['negation', 'dont jamais nao never nicht not nunca pas wont'],
    ] as const
  ).flatMap(([concept, words]) => words.split(' ').map((word) => [word, concept] as const)),
);
const CONCEPT_SEED = 0x3c6ef372;
const SIGNAL_SEED = 0x510e527f;
/** A verdict of the hand-written reading weighs as much as three groups. */
const SIGNAL_WEIGHT = 27;

/** What the hand-written reading (crisis.ts) makes of a text: features for the classifier. */
export interface Signals {
  /** The lexicon's category, or null when no rule holds. */
  lexicon: CrisisCategory | null;
  /** Means or a time of danger now are named (pills, a blade, tonight...). */
  danger: boolean;
  /** An ordinary frame holds (a laugh, a song, a past struggle...). */
  ordinary: boolean;
}

const NO_SIGNALS: Signals = { lexicon: null, danger: false, ordinary: false };
/** A group, or a pair of groups, weighs as much as three words. */
const CONCEPT_WEIGHT = 9;

/** Words that deny what follows: the next NEGATED_WORDS words also count as denied ("!hurt"). */
const NEGATION = new Set([
  'not',
  'never',
  'no',
  'dont',
  'wont',
  'wouldnt',
  'cant',
  'didnt',
  'isnt',
  'nunca',
  'jamais',
  'pas',
  'nie',
  'nicht',
  'kein',
  'nao',
  'ni',
]);
const NEGATED_WORDS = 3;
/** A word or pair counts as much as three character n-grams: fewer, and they carry meaning. */
const WORD_WEIGHT = 3;
const CHAR_MIN = 3;
const CHAR_MAX = 4;

/** Fewer words than this, and none of a meaning group: too little for the classifier to read. */
const MIN_WORDS = 3;

/**
 * True when a normalised text is too thin for the classifier: under MIN_WORDS words and none in
 * a meaning group (CONCEPTS). "after", "written", "hey and one more": a word or two of ordinary
 * talk whose few features are mostly noise (each had scored past the threshold); the lexicon
 * still reads such a text, and a chat's raised risk reads a short answer (risk.ts).
 */
export function tooThin(normalised: string): boolean {
  const words = normalised.split(' ').filter((word) => word !== '' && word !== '.');
  return words.length < MIN_WORDS && !words.some((word) => CONCEPTS.has(word));
}

/** Counts per bucket, reused from one reading to the next (zeroed after each). */
let scratch = new Float64Array(0);

/**
 * The hashed features of a normalised text: a sorted list of [bucket, value] pairs whose values
 * form a unit vector. `buckets` is a power of two.
 */
export function features(
  normalised: string,
  buckets: number,
  signals: Signals = NO_SIGNALS,
): Array<[number, number]> {
  const mask = buckets - 1;
  if (scratch.length < buckets) scratch = new Float64Array(buckets);
  const counts = scratch;
  const touched: number[] = [];
  const add = (h: number, weight = 1) => {
    const bucket = h & mask;
    if (counts[bucket] === 0) touched.push(bucket);
    counts[bucket] = (counts[bucket] as number) + weight;
  };
  const words = normalised.split(' ').filter((word) => word !== '');
  let previous = '^';
  let negated = 0;
  const found = new Set<string>();
  for (const word of words) {
    if (negated > 0) {
      add(hash(`!${word}`, WORD_SEED), WORD_WEIGHT);
      negated -= 1;
    }
    if (NEGATION.has(word)) negated = NEGATED_WORDS;
    if (word === '.') negated = 0;
    add(hash(word, WORD_SEED), WORD_WEIGHT);
    add(hash(`${previous} ${word}`, PAIR_SEED), WORD_WEIGHT);
    const concept = CONCEPTS.get(word);
    if (concept) found.add(concept);
    previous = word;
  }
  const held = [...found].sort();
  for (let i = 0; i < held.length; i += 1) {
    add(hash(held[i] as string, CONCEPT_SEED), CONCEPT_WEIGHT);
    for (let j = i + 1; j < held.length; j += 1) {
      add(hash(`${held[i]} ${held[j]}`, CONCEPT_SEED), CONCEPT_WEIGHT);
    }
  }
  add(hash(`${previous} $`, PAIR_SEED), WORD_WEIGHT);
  if (signals.lexicon) {
    add(hash('lexicon', SIGNAL_SEED), SIGNAL_WEIGHT);
    add(hash(`lexicon ${signals.lexicon}`, SIGNAL_SEED), SIGNAL_WEIGHT);
  }
  if (signals.danger) add(hash('danger', SIGNAL_SEED), SIGNAL_WEIGHT);
  if (signals.ordinary) add(hash('ordinary', SIGNAL_SEED), SIGNAL_WEIGHT);
  const padded = ` ${normalised} `;
  // FNV-1a of each n-gram from its first character on: the same as hash(slice, CHAR_SEED), one
  // pass per start and no substrings (a long message costs no garbage).
  for (let i = 0; i + CHAR_MIN <= padded.length; i += 1) {
    let h = CHAR_SEED;
    for (let n = 1; n <= CHAR_MAX && i + n <= padded.length; n += 1) {
      h = Math.imul(h ^ padded.charCodeAt(i + n - 1), 0x01000193);
      if (n >= CHAR_MIN) add(h >>> 0);
    }
  }
  let norm = 0;
  for (const bucket of touched) norm += (counts[bucket] as number) * (counts[bucket] as number);
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const out = touched
    .sort((a, b) => a - b)
    .map((bucket): [number, number] => [bucket, (counts[bucket] as number) * scale]);
  for (const bucket of touched) counts[bucket] = 0;
  return out;
}

/** Signed bytes from base64, in the browser and in Node alike (atob is global in both). */
export function decodeWeights(base64: string): Int8Array {
  const binary = atob(base64);
  const bytes = new Int8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = (binary.charCodeAt(i) << 24) >> 24;
  return bytes;
}

/** Signed bytes to base64 (the training script writes them with it). */
export function encodeWeights(bytes: Int8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte & 0xff);
  return btoa(binary);
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** The linear score of one head: bias + scale × Σ weight × value. */
export function linear(
  feats: ReadonlyArray<readonly [number, number]>,
  weights: Int8Array,
  bias: number,
  scale: number,
): number {
  const mask = weights.length - 1;
  let sum = 0;
  for (const [bucket, value] of feats) sum += (weights[bucket & mask] as number) * value;
  return bias + scale * sum;
}

interface Decoded {
  model: ClassifierModel;
  crisis: Int8Array;
  categories: Int8Array[];
}

/** A classifier over one model; its weights are decoded on its first reading. */
export class Classifier {
  private decoded: Decoded | null = null;

  constructor(private readonly model: ClassifierModel) {}

  private weights(): Decoded {
    this.decoded ??= {
      model: this.model,
      crisis: decodeWeights(this.model.weights),
      categories: this.model.categoryWeights.map(decodeWeights),
    };
    return this.decoded;
  }

  /** Decodes the weights now (the app's warm-up), so no reading pays for it. */
  warm(): void {
    this.weights();
  }

  /** The probability that a normalised text is a crisis message. */
  score(normalised: string, signals: Signals = NO_SIGNALS): number {
    const { model, crisis } = this.weights();
    return sigmoid(
      linear(features(normalised, model.buckets, signals), crisis, model.bias, model.scale),
    );
  }

  /** The reading of a normalised text: crisis, its score, and the likeliest category. */
  read(
    normalised: string,
    signals: Signals = NO_SIGNALS,
  ): { crisis: boolean; score: number; category: CrisisCategory } {
    const { model, crisis, categories } = this.weights();
    const feats = features(normalised, model.buckets, signals);
    const score = tooThin(normalised) ? 0 : sigmoid(linear(feats, crisis, model.bias, model.scale));
    let best = 0;
    let bestScore = -Infinity;
    categories.forEach((weights, index) => {
      const z = linear(
        feats,
        weights,
        model.categoryBias[index] as number,
        model.categoryScale[index] as number,
      );
      if (z > bestScore) {
        bestScore = z;
        best = index;
      }
    });
    return {
      crisis: score >= model.threshold,
      score,
      category: signals.lexicon ?? model.categories[best] ?? 'passive',
    };
  }
}
