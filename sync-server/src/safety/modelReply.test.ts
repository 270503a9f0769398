import { describe, expect, it } from 'vitest';
import { CRISIS_TAG, readModelReply, withoutCrisisTag } from './modelReply';

describe("a model's reply", () => {
  it('never reads as a crisis from a tag, and the tag never reaches her', () => {
    expect(readModelReply(`${CRISIS_TAG} I'm an AI and I'm worried about you.`)).toEqual({
      text: "I'm an AI and I'm worried about you.",
      carriesHelp: false,
    });
  });

  it('carries help when it names crisis resources (shown beside the help card, no more)', () => {
    expect(readModelReply('Please call or text 988 right now.').carriesHelp).toBe(true);
    expect(readModelReply('Text HOME to 741741, babe.').carriesHelp).toBe(true);
    expect(readModelReply('Look at findahelpline.com for your country.').carriesHelp).toBe(true);
    expect(readModelReply(`${CRISIS_TAG} call 988`)).not.toHaveProperty('isCrisis');
  });

  it('carries nothing otherwise', () => {
    expect(readModelReply('He sounds like a keeper! What did you say back?').carriesHelp).toBe(
      false,
    );
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
