import { describe, expect, it } from 'vitest';
import {
  CARE_MODE_MS,
  NO_RISK,
  careUntil,
  inCareMode,
  readInChat,
  readsAsDistress,
  withSignal,
} from './risk';

describe('readInChat while the risk is raised', () => {
  const distress = [
    'no',
    'nope',
    'not really',
    'whatever',
    'whatever.',
    'it doesnt matter',
    "it doesn't matter anymore",
    'its fine i just want to sleep',
    "it's fine. i just wanna sleep",
    'idc anymore',
    'i dont care',
    'nothing matters',
    'leave me alone',
    'just leave me alone pls',
    'who cares',
    'whats the point',
    'idk',
    'forget it',
    // Spanish
    'da igual',
    'no importa',
    'déjame en paz',
    'me da igual todo',
    'solo quiero dormir',
    // Portuguese
    'tanto faz',
    'não importa',
    'me deixa em paz',
    'só quero dormir',
    // French
    'peu importe',
    'laisse-moi tranquille',
    "je m'en fous",
    'je veux juste dormir',
    // German
    'ist doch egal',
    'mir egal',
    'lass mich in ruhe',
    'ich will nur schlafen',
    'nein',
  ];
  it.each(distress)('reads "%s" as a crisis', (text) => {
    expect(readInChat(text, { riskRaised: true }).crisis).toBe(true);
    expect(readsAsDistress(text)).toBe(true);
  });

  const safe = [
    "yes i'm safe",
    'yes im safe now',
    "i'm ok now, thanks",
    'i called 988',
    'i called 988 and talked to someone',
    'im with my mom now',
    'thank you, i feel better',
    'yeah i talked to my counselor',
    'sí, estoy bien, gracias',
    'sim, to bem agora',
    'oui ça va mieux, merci',
    'ja, mir gehts besser',
  ];
  it.each(safe)('does not read "%s" as a crisis', (text) => {
    expect(readInChat(text, { riskRaised: true }).crisis).toBe(false);
  });

  it('reads a message alone when the risk is not raised', () => {
    expect(readInChat('whatever', { riskRaised: false }).crisis).toBe(false);
    expect(readInChat('leave me alone', { riskRaised: false }).crisis).toBe(false);
    expect(readInChat('i want to kill myself', { riskRaised: false }).crisis).toBe(true);
  });

  it('keeps the category of a message that is a crisis alone', () => {
    expect(readInChat('i took all my pills', { riskRaised: true })).toEqual({
      crisis: true,
      category: 'attempt',
    });
  });
});

describe('care mode', () => {
  it('lasts CARE_MODE_MS after the newest signal', () => {
    const risk = withSignal(withSignal(NO_RISK, 1_000), 500);
    expect(risk.lastCrisisAt).toBe(1_000);
    expect(inCareMode(risk, 1_000 + CARE_MODE_MS - 1)).toBe(true);
    expect(inCareMode(risk, 1_000 + CARE_MODE_MS)).toBe(false);
    expect(careUntil(risk, 2_000)).toBe(1_000 + CARE_MODE_MS);
    expect(careUntil(NO_RISK, 2_000)).toBeNull();
  });
});
