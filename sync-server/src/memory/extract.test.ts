import { describe, expect, it } from 'vitest';
import { dayOf, extractMemories } from './extract';

// A Wednesday.
const AT = new Date('2026-11-25T15:00:00Z');
const facts = (text: string) =>
  extractMemories(text, AT).map(({ kind, subject, detail }) => [kind, subject, detail]);

describe('what the built-in engine remembers of her message', () => {
  it.each([
    [
      'My best friend Emma is moving to Lisbon next month',
      [
        ['person', 'Emma', 'your best friend'],
        ['place', 'Lisbon', 'Emma is moving there'],
      ],
    ],
    ['my sister is called Maya and she never listens', [['person', 'Maya', 'your sister']]],
    ['Jake is my boyfriend', [['person', 'Jake', 'your boyfriend']]],
    ['I met a guy named Leo at the party', [['person', 'Leo', 'a guy you told me about']]],
    ["I'm travelling to Paris on Friday", [['place', 'Paris', "you're going there"]]],
    ['we are moving to New York in June', [['place', 'New York', "you're moving there"]]],
    ['I live in Leeds', [['place', 'Leeds', 'where you live']]],
    ["I'm from Manila originally", [['place', 'Manila', "where you're from"]]],
    ['I love matcha lattes so much', [['like', 'matcha lattes', 'you love it']]],
    [
      "I've been dealing with anxiety lately",
      [['situation', 'anxiety', "what you're going through"]],
    ],
  ])('%j', (text, expected) => {
    expect(facts(text)).toEqual(expected);
  });

  it('places her events on the calendar, from the day she said it', () => {
    expect(extractMemories('my job interview is on Friday', AT)).toEqual([
      { kind: 'event', subject: 'your job interview', detail: 'Friday', date: '2026-11-27' },
    ]);
    expect(extractMemories('I have an exam tomorrow', AT)[0]).toMatchObject({
      subject: 'your exam',
      date: '2026-11-26',
    });
    expect(extractMemories('my birthday is May 3rd', AT)[0]).toMatchObject({
      subject: 'your birthday',
      date: '2027-05-03',
    });
  });

  it('takes no guess: whom she loves, a sentence start, or a name-less relation is no memory', () => {
    expect(facts('I love him so much')).toEqual([]);
    expect(facts('I love how she laughs')).toEqual([]);
    expect(facts('My boyfriend forgot our anniversary')).toEqual([]);
    expect(facts('Today was awful')).toEqual([]);
    expect(facts('my friend Today said hi')).toEqual([]);
    expect(facts('he left me on read')).toEqual([]);
  });

  it('keeps each fact once', () => {
    expect(facts('my sister Maya, yes Maya is my sister')).toEqual([
      ['person', 'Maya', 'your sister'],
    ]);
  });
});

describe('dayOf', () => {
  it('counts weekdays forward (never today) and months into next year once gone', () => {
    expect(dayOf('wednesday', AT)).toBe('2026-12-02');
    expect(dayOf('next monday', AT)).toBe('2026-11-30');
    expect(dayOf('november 2', AT)).toBe('2027-11-02');
    expect(dayOf('next week', AT)).toBeNull();
  });
});
