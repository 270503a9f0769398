import { describe, expect, it } from 'vitest';
import { PERSONAS } from '@shared/personas';
import type { Persona } from '@shared/personas';
import type { HistoryItem, SharedScreenshot } from '../types';
import { FEELINGS, TOPICS, feelingOf, reflectionOf, topicInContext, topicOf } from './analyse';
import { builtinProvider, composeReply } from './engine';
import { LINES } from './lines';
import { repeatedSentences } from '../repetition';

const persona = (id: number) => PERSONAS.find((p) => p.id === id) as Persona;
const user = { name: 'Jade', ageRange: null, location: null };

function reply(personaId: number, text: string, history: HistoryItem[] = [], seed = 'seed') {
  return composeReply({
    persona: persona(personaId),
    history: [...history, { role: 'user', content: text }],
    user,
    screenshotText: [],
    seed,
  });
}

describe('the built-in engine', () => {
  it('answers the same message in five different voices', () => {
    const text = 'My boyfriend ignored me all weekend and I feel so sad';
    const replies = [1, 2, 3, 4, 5].map((id) => reply(id, text));
    expect(new Set(replies).size).toBe(5);
    expect(replies[1]).not.toEqual(replies[0]);
  });

  it('asks a follow-up question every time', () => {
    for (const id of [1, 2, 3, 4, 5]) {
      for (const text of ['hi', 'I hate my job', 'I got an A on my exam!', 'idk what to do']) {
        expect(reply(id, text)).toMatch(/\?!?( \S+)?$/u);
      }
    }
  });

  it('never repeats a line of its last reply over many turns', () => {
    const messages = [
      'hey',
      'my mom yelled at me again',
      'I feel so alone',
      'my mom yelled at me again',
      'I feel so alone',
      'he ghosted me',
      'he ghosted me',
      'I hate my body',
      'I hate my body',
      'whatever',
      'whatever',
    ];
    for (const id of [1, 2, 3, 4, 5]) {
      const history: HistoryItem[] = [];
      for (let turn = 0; turn < 40; turn++) {
        const text = messages[turn % messages.length] ?? 'hi';
        const answer = reply(id, text, history, `m${turn}`);
        const last = history.findLast((item) => item.role === 'assistant')?.content;
        if (last) {
          expect(answer).not.toBe(last);
          const sentences = answer.split(/(?<=[.!?])\s+/).filter((s) => s.length > 25);
          for (const sentence of sentences) expect(last).not.toContain(sentence);
        }
        history.push({ role: 'user', content: text }, { role: 'assistant', content: answer });
      }
    }
  });

  it('does not bring back its advice or question from the last two replies on one topic', () => {
    for (const id of [1, 2, 3, 4, 5]) {
      for (const text of ['he ghosted me', 'my mom yelled at me again', 'I hate my job']) {
        const history: HistoryItem[] = [];
        for (let turn = 0; turn < 3; turn++) {
          const answer = reply(id, text, history, `again${turn}`);
          const earlier = history.filter((item) => item.role === 'assistant');
          // The advice ends just before the closing question; openers come from a smaller bank.
          for (const sentence of answer.split(/(?<=[.!?])\s+/).slice(-2)) {
            for (const before of earlier) expect(before.content).not.toContain(sentence);
          }
          history.push({ role: 'user', content: text }, { role: 'assistant', content: answer });
        }
      }
    }
  });

  it('has at least three openers per feeling and four takes and questions per topic', () => {
    for (const id of [1, 2, 3, 4, 5]) {
      const lines = LINES[id];
      expect(lines).toBeDefined();
      if (!lines) continue;
      const banks: [string, readonly string[], number][] = [
        ...FEELINGS.map((feeling): [string, readonly string[], number] => [
          `openers.${feeling}`,
          lines.openers[feeling],
          3,
        ]),
        ...TOPICS.flatMap((topic): [string, readonly string[], number][] => [
          [`takes.${topic}`, lines.takes[topic], 4],
          [`questions.${topic}`, lines.questions[topic], 4],
        ]),
        ['reflections', lines.reflections, 2],
      ];
      for (const [where, bank, least] of banks) {
        const label = `persona ${id} ${where}`;
        expect(bank.length, label).toBeGreaterThanOrEqual(least);
        // The engine recognises a line in an earlier reply by its first 24 characters.
        const stems = bank.map((line) => line.slice(0, 24));
        expect(new Set(stems).size, label).toBe(bank.length);
        for (const line of bank) {
          expect(line.trim(), label).toBe(line);
          if (!where.startsWith('reflections')) expect(line, label).not.toContain('{r}');
        }
      }
      for (const topic of TOPICS) {
        for (const question of lines.questions[topic]) {
          // A few end on a flourish after the question ("Who said what? Give me the whole scene.").
          expect(question, `persona ${id} questions.${topic}`).toContain('?');
        }
      }
      for (const line of lines.reflections) expect(line).toContain('{r}');
    }
  });

  it('celebrates good news instead of treating it as a problem', () => {
    const brooke = reply(2, 'I got the job, I am so happy!');
    expect(LINES[2]?.takes.goodNews.some((take) => brooke.includes(take))).toBe(true);
    expect(reply(1, 'I got the job, I am so happy!')).not.toMatch(/hard day|heaviest/);
  });

  it('is repeatable for the same seed', () => {
    expect(reply(3, 'I am worried about rent')).toBe(reply(3, 'I am worried about rent'));
  });

  it('uses her name and responds to the topic', () => {
    const answer = reply(1, 'my best friend left me out of the group chat and I am sad');
    expect(answer).toMatch(/friend|her|she/i);
  });

  it('streams its reply in several pieces', async () => {
    const pieces: string[] = [];
    const provider = builtinProvider({ pieceDelayMs: 0 });
    for await (const piece of provider.generate({
      persona: persona(5),
      history: [{ role: 'user', content: 'He asked me out!' }],
      user,
      screenshotText: [],
      seed: 'x',
    })) {
      pieces.push(piece);
    }
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe(
      composeReply({
        persona: persona(5),
        history: [{ role: 'user', content: 'He asked me out!' }],
        user,
        screenshotText: [],
        seed: 'x',
      }),
    );
  });
});

describe('topics, feelings and reflections', () => {
  it.each([
    ['hey!', 'hello'],
    ['my crush texted me', 'crush'],
    ['he ghosted me after two dates', 'crushHurt'],
    ['my boyfriend ignored me all weekend', 'crushHurt'],
    ['thanks, that helps a lot', 'thanks'],
    ['we broke up last night', 'breakup'],
    ['my ex keeps texting', 'breakup'],
    // A breakup said without the word, never a fight between friends.
    ['my girlfriend left me', 'breakup'],
    ['he left me for someone else', 'breakup'],
    ['we ended things last week', 'breakup'],
    ['it is over between us', 'breakup'],
    ["it's over, he said he needs space", 'breakup'],
    ['she broke it off with me', 'breakup'],
    ['my husband and I are getting divorced', 'breakup'],
    ['my boyfriend left me on read again', 'crushHurt'],
    ['my best friend and I had a huge fight', 'friends'],
    ['my friend stopped talking to me', 'friends'],
    ['my friends left me out', 'friends'],
    ['my mom and dad are fighting', 'family'],
    ['I have an exam tomorrow', 'school'],
    ['my boss is awful', 'school'],
    ['I hate how my body looks', 'body'],
    ["I can't pay rent", 'money'],
    ['I had a weird day', 'general'],
  ])('%j is about %s', (text, topic) => {
    expect(topicOf(text)).toBe(topic);
  });

  it.each([
    ['I cried all night', 'sad'],
    ['I am so mad at her', 'angry'],
    ["I'm so nervous about tomorrow", 'anxious'],
    ['I got the job, I am so happy', 'happy'],
    ["I don't know what to do", 'confused'],
    ['we went to the mall', 'neutral'],
  ])('%j feels %s', (text, feeling) => {
    expect(feelingOf(text)).toBe(feeling);
  });

  it('keeps the topic of the chat for a short follow-up', () => {
    expect(topicInContext("I'm nervous though", ['my crush asked me out', 'hi'])).toBe('crush');
    expect(topicInContext('my mom is mad', ['my crush asked me out'])).toBe('family');
  });

  it('turns a few of her words towards her', () => {
    expect(reflectionOf('My mom ignored me all day.')).toBe('your mom ignored you all day');
    expect(reflectionOf("I'm so tired of trying")).toBe("you're so tired of trying");
    expect(reflectionOf('Can you help?')).toBeUndefined();
  });
});

describe('lines that start with a placeholder', () => {
  it('are still recognised, so they are chosen and not repeated back to back', () => {
    const used = new Map<string, number>();
    for (const id of [1, 2, 3, 4, 5]) {
      const history: HistoryItem[] = [];
      for (let turn = 0; turn < 30; turn++) {
        const text = ['I feel so sad today', 'he left me', 'I am so angry at her'][turn % 3] ?? '';
        const answer = reply(id, text, history, `p${turn}`);
        const last = history.at(-1)?.content ?? '';
        const opener = answer.split(/(?<=[.!?])\s+/)[0] ?? '';
        if (last) expect(last.startsWith(opener)).toBe(false);
        used.set(opener, (used.get(opener) ?? 0) + 1);
        history.push({ role: 'user', content: text }, { role: 'assistant', content: answer });
      }
    }
    // Openers that begin with her name come up too (the old stem of such a line was empty).
    expect([...used.keys()].some((opener) => opener.startsWith('Jade'))).toBe(true);
  });
});

describe('her name', () => {
  it('is the name she set, and with none no name at all (a pet name, never her email)', () => {
    const replies = Array.from({ length: 40 }, (_, turn) =>
      composeReply({
        persona: persona(1 + (turn % 5)),
        history: [{ role: 'user', content: 'I feel so sad and anxious today' }],
        user: { name: '', ageRange: null, location: null },
        screenshotText: [],
        seed: `s${turn}`,
      }),
    );
    for (const text of replies) {
      expect(text).not.toContain('{name}');
      expect(text).not.toMatch(/(^|\s), /);
    }
  });
});

describe('no repeated lines', () => {
  /** Her messages, on one trouble and a few asides, as a long chat goes. */
  const CHAT = [
    'my boyfriend has been so distant lately',
    'he left me on read again',
    'should I text him first or wait',
    'ok',
    'he left me on read again',
    'we had a fight about his ex',
    'lol',
    'he cancelled our date again',
    'I still love him though',
    'ok',
    'he left me on read again',
    'thanks',
    'my boss yelled at me today',
    'ok',
    'my boss yelled at me today',
    'he left me on read again',
    'hi',
    'I got the job!!',
    'ok',
    'he left me on read again',
  ];

  it('never says again a sentence of eight words or more of an earlier reply, in any voice', () => {
    for (const id of [1, 2, 3, 4, 5]) {
      const history: HistoryItem[] = [];
      CHAT.forEach((text, turn) => {
        const answer = reply(id, text, history, `chat-${turn}`);
        expect(answer.trim().length).toBeGreaterThan(0);
        const earlier = history.filter((item) => item.role === 'assistant').map((i) => i.content);
        expect(repeatedSentences(answer, earlier)).toEqual([]);
        history.push({ role: 'user', content: text }, { role: 'assistant', content: answer });
      });
    }
  });

  it('still ends with a question once every question of a topic was asked', () => {
    const history: HistoryItem[] = [];
    for (let turn = 0; turn < 20; turn++) {
      const answer = reply(1, 'ok', history, `ok-${turn}`);
      expect(answer).toMatch(/\?$/);
      history.push({ role: 'user', content: 'ok' }, { role: 'assistant', content: answer });
    }
  });

  it('says its help whole in care mode, even when it said it before', () => {
    const history: HistoryItem[] = [];
    for (let turn = 0; turn < 8; turn++) {
      const text = 'i just want to disappear';
      history.push({ role: 'user', content: text });
      const answer = composeReply({
        persona: persona(3),
        history: [...history],
        user,
        screenshotText: [],
        seed: `care-${turn}`,
        careMode: true,
      });
      expect(answer).toMatch(/988|741741/);
      history.push({ role: 'assistant', content: answer });
    }
  });
});

describe('care mode', () => {
  it('answers gently, asks after her safety and points to human help, without echoing her', () => {
    for (const id of [1, 2, 3, 4, 5]) {
      const text = composeReply({
        persona: persona(id),
        history: [{ role: 'user', content: 'its fine i just want to sleep forever' }],
        user,
        screenshotText: [],
        seed: 'care',
        careMode: true,
      });
      expect(text).toMatch(/988|741741/);
      expect(text).toMatch(/\?$/);
      expect(text).not.toContain('sleep forever');
    }
  });
});

describe('a screenshot she shares', () => {
  // Short enough that its "Thank you!" could read as thanks to the bestie.
  const RECEIPT = 'CORNER CAFE\nLatte 4.50\nMuffin 3.25\nTotal $7.75\nThank you!';
  const receipt = { text: RECEIPT, analysisType: null, analysis: null };
  const shared = (personaId: number, screenshot: SharedScreenshot, content = screenshot.text) =>
    composeReply({
      persona: persona(personaId),
      history: [{ role: 'user', content }],
      user,
      screenshotText: [screenshot.text],
      screenshot,
      seed: 'shot',
    });

  it('gets a reply about the receipt it shows (place and total), not a thank-you', () => {
    for (const id of [1, 2, 3, 4, 5]) {
      const text = shared(id, receipt);
      expect(text, `persona ${id}`).toMatch(/receipt/i);
      expect(text, `persona ${id}`).toContain('CORNER CAFE');
      expect(text, `persona ${id}`).toContain('$7.75');
      for (const take of LINES[id]?.takes.thanks ?? []) expect(text).not.toContain(take);
      expect(text).not.toContain('BLUSH');
      expect(text, `persona ${id}`).toMatch(/\?( \S+)?$/u);
    }
  });

  it('tells what its analysis found when it came with one', () => {
    const analysis = {
      type: 'receipt',
      summary: 'Breakfast for two at Corner Cafe, $7.75 paid by card.',
      keyPoints: ['Latte: $4.50', 'Muffin: $3.25'],
      entities: ['Corner Cafe'],
      sentiment: 'neutral',
    };
    const text = shared(2, { text: RECEIPT, analysisType: 'receipt', analysis });
    expect(text).toContain('Breakfast for two at Corner Cafe, $7.75 paid by card.');
    expect(text).toMatch(/receipt/i);
  });

  it("quotes the last message of a chat screenshot, and her question's topic gets its advice", () => {
    const chat = {
      text: 'Them: are you coming tonight\nMe: maybe\nThem: ok whatever',
      analysisType: null,
      analysis: null,
    };
    const text = shared(1, chat, 'he ghosted me after this, what does it mean?');
    expect(text).toContain('"ok whatever"');
    expect(LINES[1]?.takes.crushHurt.some((take) => text.includes(take))).toBe(true);
  });

  it('asks what it shows when no words could be read from it', () => {
    const text = shared(3, { text: '', analysisType: null, analysis: null }, 'look at this');
    expect(text).toMatch(/could not read|no text came through/i);
    expect(text).toMatch(/\?$/);
  });

  it('stays the care-mode reply in care mode', () => {
    const text = composeReply({
      persona: persona(4),
      history: [{ role: 'user', content: RECEIPT }],
      user,
      screenshotText: [RECEIPT],
      screenshot: receipt,
      seed: 'care',
      careMode: true,
    });
    expect(text).toMatch(/988|741741/);
    expect(text).not.toMatch(/receipt/i);
  });
});
