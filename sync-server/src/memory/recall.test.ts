import { describe, expect, it } from 'vitest';
import { MEMORY_PROMPT_LIMIT, memoriesSaid, recallLine, relevantMemories } from './recall';
import type { RecalledMemory } from './recall';

const memory = (kind: RecalledMemory['kind'], subject: string, detail: string, date = null) => ({
  kind,
  subject,
  detail,
  date,
});

const HERS: RecalledMemory[] = [
  memory('person', 'Ava', 'your sister'),
  memory('place', 'Oslo', 'Ava is moving there'),
  memory('person', 'Marco', 'your boyfriend'),
  memory('place', 'Rome', "you're going there"),
  memory('event', 'your dance recital', 'Sunday'),
  memory('like', 'bubble tea', 'you love it'),
];

const recall = (text: string) => recallLine(text, relevantMemories(text, HERS));

describe("the built-in bestie's memory in a reply", () => {
  it.each([
    ["what's my sister's name? you forgot didn't you", 'Of course I remember: Ava, your sister!'],
    ['where is Ava moving again?', 'Oslo! Ava is moving there, right?'],
    ['my sister called me crying', "How's Ava settling into Oslo?"],
    ['my boyfriend forgot to call', 'Marco, your boyfriend? Tell me everything.'],
    ['I still need to pack for the trip', 'Rome is so close now!'],
    ['when is my recital?', 'Your dance recital is Sunday, right?'],
    ["what's my favourite drink", 'Bubble tea! I remember you love it.'],
  ])('%j opens with %j', (text, line) => {
    expect(recall(text)).toBe(line);
  });

  it('says nothing of what she told when her message touches none of it', () => {
    expect(recall('I had a weird day at school')).toBe('');
    expect(recall('what should I watch tonight?')).toBe('');
    expect(recallLine('my sister called', [])).toBe('');
  });

  it('gives a prompt the memories that matter first, then the newest, within its budget', () => {
    const many = Array.from({ length: 40 }, (_, n) => memory('like', `thing ${n}`, 'you love it'));
    const chosen = relevantMemories('my sister called', [...HERS, ...many]);
    expect(chosen[0]).toEqual(HERS[0]);
    expect(chosen).toHaveLength(MEMORY_PROMPT_LIMIT);
    expect(chosen[1]?.subject).toBe('thing 39');
  });

  it('tells which memories a reply spoke of: those it names, as whole words', () => {
    const given = HERS.map((kept, n) => ({ ...kept, id: `mem-${n}` }));
    expect(memoriesSaid("How's Ava settling into Oslo?", given)).toEqual(['mem-0', 'mem-1']);
    expect(memoriesSaid('Your dance recital is Sunday, right?', given)).toEqual(['mem-4']);
    // "Avalanche" is not Ava, and a reply that names none drew on none.
    expect(memoriesSaid('What an avalanche of a week. Tell me more?', given)).toEqual([]);
    expect(memoriesSaid('Oslo sounds lovely', given.slice(0, 1))).toEqual([]);
  });
});
