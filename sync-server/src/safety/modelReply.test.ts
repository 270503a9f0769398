import { describe, expect, it } from 'vitest';
import { CRISIS_TAG, readModelReply, withoutCrisisTag } from './modelReply';

describe("a model's reply", () => {
  it('is a crisis reply when tagged, and the tag never reaches her', () => {
    expect(readModelReply(`${CRISIS_TAG} I'm an AI and I'm worried about you.`)).toEqual({
      text: "I'm an AI and I'm worried about you.",
      isCrisis: true,
    });
  });

  it('is a crisis reply when it carries crisis resources, tagged or not', () => {
    expect(readModelReply('Please call or text 988 right now.').isCrisis).toBe(true);
    expect(readModelReply('Text HOME to 741741, babe.').isCrisis).toBe(true);
    expect(readModelReply('Look at findahelpline.com for your country.').isCrisis).toBe(true);
  });

  it('is an ordinary reply otherwise', () => {
    expect(readModelReply('He sounds like a keeper! What did you say back?').isCrisis).toBe(false);
  });
});

describe('streaming without the tag', () => {
  const run = (pieces: string[]) => {
    const out: string[] = [];
    const stream = withoutCrisisTag((text) => out.push(text));
    for (const piece of pieces) stream.push(piece);
    stream.end();
    return out.join('');
  };

  it('drops a tag split over pieces', () => {
    expect(run(['[CR', 'IS', 'IS] I hear', ' you'])).toBe('I hear you');
  });

  it('passes everything else through, including a short reply and a bracket that is no tag', () => {
    expect(run(['Hey', ' you'])).toBe('Hey you');
    expect(run(['[C'])).toBe('[C');
    expect(run(['[Cute] right?'])).toBe('[Cute] right?');
  });
});
