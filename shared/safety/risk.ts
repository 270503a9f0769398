/**
 * A chat's risk state, the same on the device and the server.
 *
 * A chat with a crisis signal from her side (her message read as a crisis by the detector,
 * moderation or a model's check of her message; a crisis reply answers each) is in care mode
 * for CARE_MODE_MS after the newest signal: no teasers, no upgrade prompts, help pinned, the
 * paid plan's limits. While the risk is raised, a reply of distress ("no", "whatever", "its
 * fine i just want to sleep") reads as a crisis too.
 */
import type { CrisisReading } from './crisis';
import { isUnsafeAnswer, readCrisis } from './crisis';
import { normalise } from './normalise';

export const CARE_MODE_MS = 24 * 60 * 60 * 1000;

/** The newest crisis signal of a chat (ms since the epoch), or null when it has none. */
export interface ChatRisk {
  lastCrisisAt: number | null;
}

export const NO_RISK: ChatRisk = { lastCrisisAt: null };

/** True while the chat is in care mode at `now`. */
export function inCareMode(risk: ChatRisk, now: number): boolean {
  return risk.lastCrisisAt !== null && now - risk.lastCrisisAt < CARE_MODE_MS;
}

/** When care mode ends (ms), or null when the chat is not in it at `now`. */
export function careUntil(risk: ChatRisk, now: number): number | null {
  return inCareMode(risk, now) ? (risk.lastCrisisAt as number) + CARE_MODE_MS : null;
}

/** The risk after one more signal at `at` (signals may come out of order). */
export function withSignal(risk: ChatRisk, at: number): ChatRisk {
  return { lastCrisisAt: Math.max(risk.lastCrisisAt ?? at, at) };
}

/**
 * Replies of distress, in English, Spanish, Portuguese, French and German, over the normalised
 * text: giving up on the question or on herself ("whatever", "it doesnt matter", "idc anymore",
 * "leave me alone", "its fine i just want to sleep", "da igual", "tanto faz", "laisse moi
 * tranquille", "ist mir egal"). Read only while the chat's risk is raised: said after a crisis,
 * they are not a yes to being safe.
 */
const DISTRESS = new RegExp(
  [
    // English
    'whatever|whatevs|wtv|doesnt matter|does not matter|dont matter|it dont matter',
    'nothing matters|nothing even matters|no point|whats the point|what is the point|why bother',
    'who cares|idc|idgaf|i dont care|dont care anymore|dont even care|leave me alone|leave me be',
    'go away|let me be|just let me sleep|(?:just )?(?:want|wanna|need) to sleep|just wanna sleep',
    'forget it|never mind|nvm|doesnt even matter|im done|i give up|i cant anymore',
    'cant do this anymore|too tired to care|it is what it is',
    // Spanish
    'da igual|me da igual|no importa|ya no importa|nada importa|nada tiene sentido',
    'dejame (?:en paz|sola|solo|tranquila|tranquilo)|solo quiero dormir|quiero dormir|que mas da',
    'olvidalo|me vale|ya no me importa|no me importa|me rindo',
    // Portuguese
    'tanto faz|nao importa|nada importa|nada faz sentido|me deixa (?:em paz|sozinha|sozinho|quieta)',
    'so quero dormir|quero dormir|dane se|esquece|deixa pra la|nao ligo|to nem ai|desisto',
    // French
    'peu importe|ca change rien|ca sert a rien|rien ne compte|rien na de sens|laisse moi (?:tranquille|seule|seul)',
    'laissez moi (?:tranquille|seule|seul)|je veux juste dormir|veux dormir|osef|je m en fous|je men fous|j en ai rien a faire',
    'jmen fous|je m en fiche|je men fiche|laisse tomber|a quoi bon|jabandonne|je laisse tomber',
    // German
    'egal|ist (?:doch |mir )?egal|mir egal|nichts (?:ist wichtig|zahlt|macht sinn|hat sinn)',
    'lass mich (?:in ruhe|allein)|lasst mich (?:in ruhe|allein)|ich will nur schlafen',
    'will nur schlafen|will schlafen|vergiss es|wozu|ich geb auf|ich gebe auf',
  ]
    .map((group) => `(?:${group})`)
    .join('|')
    .replace(/^/, '\\b(?:')
    .concat(')\\b'),
);

/** A plain yes to being safe, or help already reached: never read as distress. */
const SAFE_ANSWER =
  /\b(?:im safe|i am safe|im ok(?:ay)? now|i am ok(?:ay)? now|im fine now|im better now|feeling better|called 988|texted 988|called (?:the )?(?:hotline|lifeline|crisis line)|texted (?:the )?(?:crisis line|741741)|talked to (?:my|a|someone)|im with (?:my|a|someone)|estoy a salvo|estou segura|estou seguro|je suis en securite|ich bin sicher)\b/;

/**
 * True when, after a crisis, a reply reads as distress: a no, an unsure or unsafe answer
 * (isUnsafeAnswer), or giving up ("whatever", "idc anymore", "leave me alone").
 */
export function readsAsDistress(text: string): boolean {
  if (isUnsafeAnswer(text)) return true;
  const t = normalise(text);
  if (t === '') return false;
  return DISTRESS.test(t) && !SAFE_ANSWER.test(t);
}

/**
 * Her message read in the light of her chat: alone, or, while the risk is raised, with a
 * reply of distress read as a crisis too.
 */
export function readInChat(text: string, context: { riskRaised: boolean }): CrisisReading {
  const alone = readCrisis(text);
  if (alone.crisis || !context.riskRaised) return alone;
  return readsAsDistress(text) ? { crisis: true, category: 'passive' } : alone;
}
