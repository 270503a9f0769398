/**
 * Which help comes first for a crisis message (resources.ts): she has swallowed something,
 * she is in danger now, or she needs support. Reads the normalised text; when unsure between
 * two, the more urgent wins.
 */
import type { HelpSituation } from './resources';
import { normalise } from './normalise';

const SWALLOWED =
  /\b(?:took|taken|taking|swallowed|swallow|ate|drank|downed|overdosed|overdose|od|odd)\b.{0,40}\b(?:pills?|tablets?|meds|medication|medicine|sleeping pills|tylenol|advil|paracetamol|acetaminophen|ibuprofen|aspirin|bleach|poison|antifreeze|xanax|benadryl|all of them|the whole bottle|bottle)\b|\boverdos(?:ed|ing|e)\b|\bod(?:ed|ing)?\b/;
const DANGER =
  /\b(?:cut (?:too )?deep|deep cut|bleeding|wont stop bleeding|jumped|on the (?:bridge|roof|ledge)|rope|noose|hanging|gun|right now|rn|tonight|already did|i did it|its done|goodbye)\b/;

export function helpSituation(text: string): HelpSituation {
  const t = normalise(text);
  if (SWALLOWED.test(t)) return 'swallowed';
  if (DANGER.test(t)) return 'danger';
  return 'support';
}
