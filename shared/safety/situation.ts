/**
 * Which help comes first for a crisis message (resources.ts): she has swallowed something,
 * she is in danger now, or she needs support. Reads the normalised text (normalise.ts), in
 * English, Spanish, Portuguese, French and German; when unsure between two, the more urgent wins.
 *
 * - 'swallowed': an overdose, pills taken in an amount ("all my sleeping pills", "a whole
 *   bottle", "30 tylenol"), or a poison drunk (bleach, antifreeze): 911, then Poison Control.
 * - 'danger': hurt or about to be, now: a deep cut or bleeding, on a bridge or a roof, a rope or
 *   a gun at hand, an attempt under way or done, or it is meant for tonight or right now.
 * - 'support': every other crisis.
 */
import type { HelpSituation } from './resources';
import { normalise } from './normalise';

const DRUG =
  '(?:pills?|tablets?|tabs|meds|medication|medicine|sleeping pills|tylenol|advil|paracetamol|acetaminophen|ibuprofen|aspirin|xanax|benadryl|melatonin|antidepressants?|painkillers?|prescription|insulin|them|pastillas|medicamentos|medicinas|remedios|comprimidos|cartela|somniferes|cachets|comprimes|medicaments|doliprane|tabletten|schlaftabletten|medikamente)';
const AMOUNT =
  '(?:all|every|whole|entire|bunch|handful|lot of|lots of|too many|so many|[5-9]|\\d{2,}|bottle|box|pack|todas|todos|todo el|toda la|frasco|caja|bote|un monton|muchas|tous|toutes|toute la|la boite|boite|plaquette|alle|ganze|ganzen|packung|schachtel)';
const TOOK =
  '(?:took|take|taken|taking|swallowed|swallow|ate|downed|popped|me tome|tome|tomei|engoli|trague|j ai pris|jai pris|pris|avale|ai avale|genommen|geschluckt|nehme|schlucke)';
const POISON =
  '(?:bleach|poison|antifreeze|drain cleaner|rat poison|weed killer|lejia|cloro|veneno|lavandina|agua sanitaria|desinfetante|javel|eau de javel|poison|bleiche|gift|frostschutz|rattengift)';
const DRANK =
  '(?:drank|drink|drinking|swallowed|ate|bebi|tome|me tome|tomei|bu|j ai bu|jai bu|avale|getrunken|trinke|geschluckt)';

const SWALLOWED = new RegExp(
  [
    String.raw`\boverdos\w*|\bod(?:ed|d|ing)?\b|\bsobredosis\b|\bsurdose\b|\buberdosis\b`,
    String.raw`\b${TOOK}\b[^.]{0,30}\b${AMOUNT}\b[^.]{0,30}\b${DRUG}\b`,
    String.raw`\b${TOOK} (?:them|it|everything) all\b|\b${TOOK} all of (?:them|it)\b`,
    String.raw`\b${TOOK} (?:\d+|[a-z]+ty) ${DRUG}\b`,
    String.raw`\b${DRANK}\b[^.]{0,20}\b${POISON}\b`,
    // German puts the verb last: "alle tabletten genommen", "bleiche getrunken".
    String.raw`\b${AMOUNT}\b[^.]{0,30}\b${DRUG}\b[^.]{0,20}\b${TOOK}\b`,
    String.raw`\b${POISON}\b[^.]{0,20}\b${DRANK}\b`,
  ].join('|'),
);

const DANGER = new RegExp(
  [
    // Bleeding, deep cuts, cutting now.
    String.raw`\b(?:cut|cutting|sliced|slit) (?:too |really |so )?deep\b|\bdeep cuts?\b|\bbleeding\b|\bwont stop bleeding\b|\bcant stop (?:the )?bleeding\b|\blots of blood\b|\bso much blood\b|\bim cutting\b`,
    String.raw`\bsangr(?:ando|ar|a|e|o)\b|\bsangue\b|\bsang(?:re)?\b|\bsaigne\b|\bblute\b|\bblutet\b|\bbluten\b|\bcorte profundo\b|\bcorte fundo\b|\btrop profond\b|\bzu tief\b`,
    // Heights and places, now.
    String.raw`\b(?:on|at|standing on|sitting on|on top of) (?:the |a |this )?(?:bridge|roof|rooftop|ledge|edge|tracks|railway|cliff|balcony)\b`,
    String.raw`\b(?:en|sobre) (?:el|la) (?:puente|azotea|techo|borde|vias)\b|\b(?:na|no) (?:ponte|telhado|beirada|trilhos)\b|\bsur (?:le|la) (?:pont|toit|rebord|voie)\b|\bauf (?:der|dem) (?:brucke|dach|gleisen)\b`,
    // Means at hand, an attempt under way or done.
    String.raw`\brope (?:is )?around my neck\b|\bnoose\b|\bhanging myself\b|\bgun (?:in my hand|to my head|is loaded)\b|\bloaded gun\b|\bengine running\b|\bjumped\b|\bim jumping\b|\babout to jump\b`,
    String.raw`\bi did it\b|\bits done\b|\balready did it\b|\balready started\b|\bya lo hice\b|\bja fiz\b|\bc est fait\b|\bich habs getan\b|\bich hab es getan\b`,
    // Imminent.
    String.raw`\btonight\b|\bright now\b|\brn\b|\bin (?:a|an|ten|10|five|5) (?:minute|minutes|min|mins|hour)\b|\babout to\b|\besta noche\b|\bahora mismo\b|\bhoje a noite\b|\bhoje\b|\bagora mesmo\b|\bce soir\b|\btout de suite\b|\bmaintenant\b|\bheute nacht\b|\bjetzt gleich\b|\bgerade jetzt\b`,
  ].join('|'),
);

export function helpSituation(text: string): HelpSituation {
  const t = normalise(text);
  if (SWALLOWED.test(t)) return 'swallowed';
  if (DANGER.test(t)) return 'danger';
  return 'support';
}
