import { describe, expect, it } from 'vitest';
import { ALL, loadCorpus, rate, score } from '../../tests/safety/corpus';
import { isUnsafeAnswer, normalise, readCrisis, readLexicon, readsOrdinary } from './crisis';
import type { CrisisCategory } from './crisis';

describe('readCrisis over the corpora', () => {
  const crisis = loadCorpus('crisis');
  const benign = loadCorpus('benign');
  const result = score(crisis, benign);

  it('has the corpora the issue asks for', () => {
    expect(crisis.length).toBeGreaterThanOrEqual(400);
    expect(benign.length).toBeGreaterThanOrEqual(300);
    for (const language of ['es', 'pt', 'fr', 'de']) {
      const lines = crisis.filter((line) => line.language === language);
      expect(lines.length, language).toBeGreaterThanOrEqual(20);
      expect(new Set(lines.map((line) => line.group)).size, language).toBe(6);
    }
  });

  it('catches at least 98% of crisis messages', () => {
    const missed = result.missed.map((line) => `${line.line}: ${line.text}`);
    expect(rate(result.recall.get(ALL)), missed.join('\n')).toBeGreaterThanOrEqual(0.98);
  });

  it('raises at most 2% false alarms on ordinary messages', () => {
    const alarms = result.alarms.map((line) => `${line.line}: ${line.text}`);
    expect(rate(result.falseAlarms.get(ALL)), alarms.join('\n')).toBeLessThanOrEqual(0.02);
  });
});

describe('readCrisis, named cases', () => {
  const cases: Record<CrisisCategory, string[]> = {
    intent: [
      'I want to kill myself',
      "I'm going to end it tonight",
      'i wanna kms',
      'thinking about sewerslide',
      'i want to unalive myself',
      'su1c1de',
      'i want to k!ll mys3lf',
      's u i c i d e',
      'i want to dieeee',
      'wanna diee',
      'wanna dye',
      'i wanna kil myself',
      'suicde',
      'quiero morir',
      'me quiero matar',
      'vou me matar',
      'je veux mourir',
      'je vais me suicider',
      'ich will sterben',
      'ich bring mich um',
    ],
    passive: [
      'I wish I could go to sleep and not wake up',
      'everyone would be better off without me',
      'nobody would miss me',
      'I want to disappear forever',
      "I don't want to be here anymore",
      'no quiero vivir',
      'quero morrer',
      'não quero mais viver',
      'je ne veux plus vivre',
      'ich will nicht mehr leben',
    ],
    method: [
      'how many paracetamol would kill you',
      'what floor is high enough',
      'lethal dose of ibuprofen',
      'how long does it take to bleed out',
    ],
    attempt: [
      'I just took a whole bottle of pills',
      'I took 20 tylenol',
      'I swallowed everything in the cabinet',
    ],
    farewell: [
      'I wrote goodbye letters',
      'giving away my stuff',
      'this is my last message',
      'tell my mom I love her, goodbye forever',
    ],
    'self-harm': [
      'I cut myself again',
      'I cut again',
      'I relapsed',
      'i keep burning myself',
      'i hit myself when im angry',
      'me corté otra vez',
      'me cortei de novo',
      'je me scarifie',
      'ich ritze mich',
    ],
  };

  for (const [category, texts] of Object.entries(cases)) {
    it.each(texts)(`reads %j as a crisis (${category})`, (text) => {
      expect(readCrisis(text).crisis).toBe(true);
    });
  }

  it('names the category', () => {
    expect(readCrisis('I took 20 tylenol')).toEqual({ crisis: true, category: 'attempt' });
    expect(readCrisis('how many paracetamol would kill you').category).toBe('method');
    expect(readCrisis('this is my last message').category).toBe('farewell');
    expect(readCrisis('I cut myself again').category).toBe('self-harm');
    expect(readCrisis('nobody would miss me').category).toBe('passive');
    expect(readCrisis('i want to kill myself').category).toBe('intent');
  });

  it.each([
    'this exam is killing me',
    'I nearly died laughing',
    'my battery died',
    'I just want to hide in bed all weekend',
    'I could kill for a pizza',
    'dead tired',
    'my plants keep dying',
    'killing it at work',
    "I'm dying to see that movie",
    'cut my hair',
    'burned my toast',
    'is it safe to take ibuprofen with paracetamol',
    'my grandma died last year',
    'the main character dies at the end',
    'i wanna dye my hair pink',
    "i'm going to end it with him tonight",
    'me muero de risa',
    'morri de rir',
    'je suis morte de rire',
    'diese Prüfung bringt mich um',
    '',
  ])('does not read %j as a crisis', (text) => {
    expect(readCrisis(text)).toEqual({ crisis: false, category: null });
  });

  // Decided: someone else's crisis now shows the help; a death told as past or fiction does not.
  it("reads someone else's crisis as a crisis, a death in a story as none", () => {
    expect(readCrisis('my friend said she wants to kill herself').crisis).toBe(true);
    expect(readCrisis('my sister is cutting herself').crisis).toBe(true);
    expect(readCrisis('in the show she kills herself in season 2').crisis).toBe(false);
    expect(readCrisis('my uncle died by suicide when i was little').crisis).toBe(false);
  });

  it('reads a long message well under a millisecond', () => {
    const long = 'i had such a long day at work and honestly i am so tired of everything '.repeat(
      40,
    );
    const started = performance.now();
    for (let i = 0; i < 20; i += 1) readCrisis(long);
    expect((performance.now() - started) / 20).toBeLessThan(5);
  });
});

describe('isUnsafeAnswer', () => {
  it.each([
    'no',
    'No.',
    'not really',
    'idk',
    'i dont know',
    "i don't know",
    'nope',
    'no im not',
    "no, i'm not",
    'not safe',
    "i'm not safe",
    'no',
    'la verdad no',
    'no estoy bien',
    'não',
    'non',
    'nein',
    'not sure',
    'maybe',
    'i want to die',
  ])('%j is unsafe', (text) => {
    expect(isUnsafeAnswer(text)).toBe(true);
  });

  it.each([
    'yes',
    "yeah i'm ok",
    "i'm safe now",
    'yes i am safe',
    "i'm fine",
    'sí, estoy bien',
    'sim',
    'oui ça va',
    'ja',
    "no i'm fine, just sad",
    "i'm not going to do anything",
    '',
  ])('%j is not unsafe', (text) => {
    expect(isUnsafeAnswer(text)).toBe(false);
  });
});

describe('a struggle told as past (crisis.ts toldAsPast)', () => {
  it.each([
    "i used to cut but i'm 2 years clean now",
    'one year since i stopped cutting',
    "when i was 15 i wanted to die, now i'm 24 and happy",
    'antes me cortaba pero llevo dos años limpia',
    'já me cortei no passado mas hoje tô bem',
    "avant je me scarifiais mais ça fait deux ans que j'ai arrêté",
    'ich hab mich früher geritzt aber seit drei jahren nicht mehr',
    'no thoughts of hurting myself, i just need to rant',
  ])('%j is not a crisis', (text) => {
    expect(readCrisis(text).crisis).toBe(false);
  });

  it.each([
    'i used to cut and i started again last week',
    'i was 2 years clean but i relapsed tonight',
  ])('%j is, when it says the struggle is back', (text) => {
    expect(readCrisis(text).crisis).toBe(true);
  });
});

describe('the families of the spent batch (lexicon-families.ts) and their twins', () => {
  it.each([
    'swallowed half the pack, gonna take the rest',
    'mixed everything in the medicine cabinet with wine',
    "j'ai pris toute la boîte",
    'found the key to the gun safe',
    'which is more painless, pills or drowning',
    'ich hab das datum schon ausgesucht',
    'i keep praying god just takes me',
    'logging off for good. thank you for everything',
    'le di mi gato a la vecina',
    'wearing long sleeves in july again so nobody sees',
    'minha amiga disse que tomou um monte de remédio e não responde',
  ])('%j is a crisis', (text) => {
    expect(readCrisis(text).crisis).toBe(true);
  });

  it.each([
    'took too many shots at the party lol',
    'is it ok to cut pills in half',
    'the rope swing at the lake is the best',
    'i picked the day for my party! the 14th',
    'logging off for the night, see you tomorrow',
    'gave my old clothes to my sister, she was so happy',
    'a track called overdose on you',
    'cut my finger chopping onions, so much blood',
  ])('%j is not', (text) => {
    expect(readCrisis(text).crisis).toBe(false);
  });
});

describe('the families of the second spent batch and crisis-6.txt, and their ordinary frames', () => {
  it.each([
    "thank you for everything, you're the only one who ever listened",
    'nobody will have to worry about me anymore after tonight',
    'i know how and i know when',
    'which is faster, the pills or the bridge',
    'just bought a rope, it is in my closet',
    'i burned my arm with a lighter so i could feel something else',
    'je me gratte jusqu au sang toutes les nuits',
    'de quelle hauteur il faut sauter pour mourir',
    "i'm going to walk to the river tonight and not come back",
    'ich bin so müde vom leben',
  ])('%j is a crisis, by the lexicon', (text) => {
    expect(readLexicon(normalise(text))).not.toBeNull();
    expect(readCrisis(text).crisis).toBe(true);
  });

  it.each([
    'ugh if i hear that ad one more time i am moving to the moon lol',
    'the song where she sings about wanting to die is so pretty',
    'my grandma died years ago and we went to her memorial today',
    'i have no plans to hurt myself, just a bad day',
    'i burned my arm on the oven, ouch',
    'this is my last week at the bakery, i decided to go back to school',
    "i'm tired of living with my brother",
    'thank you for everything, see you tomorrow!',
    'i ordered a jump rope for the gym',
  ])('%j is not', (text) => {
    expect(readCrisis(text).crisis).toBe(false);
  });

  it.each([
    'if i hear that song one more time lol. anyway i took 30 pills an hour ago',
    'every time i see him lol i want to swallow all my pills tonight',
  ])('an ordinary frame never silences danger now: %j', (text) => {
    expect(readsOrdinary(normalise(text))).toBe(true);
    expect(readCrisis(text).crisis).toBe(true);
  });

  it.each([
    'Tell me something',
    'say something',
    'i have something to tell you',
    'can you tell me something',
    'tell me about it',
    'm1',
    'm46',
  ])('everyday chat with no crisis word is plain talk: %j', (text) => {
    expect(readCrisis(text).crisis).toBe(false);
  });

  it('a plain wish to die is read even inside an ordinary frame', () => {
    expect(readCrisis('every time i hear this song i want to die and i mean it lol').crisis).toBe(
      true,
    );
  });
});
