import { describe, expect, it } from 'vitest';
import { longSentences, repeatedSentences } from './repetition';

describe('longSentences', () => {
  it('keeps sentences of eight words or more, without case or punctuation', () => {
    expect(
      longSentences("Oh no, love! I'm all ears and I have all the time in the world. Tell me?"),
    ).toEqual(["i'm all ears and i have all the time in the world"]);
  });

  it('finds none in short replies', () => {
    expect(longSentences('Hi! How are you? So glad you came.')).toEqual([]);
  });
});

describe('repeatedSentences', () => {
  it('names a long sentence an earlier reply said, however it was written', () => {
    const earlier = ['Hey. Whatever happens, the right person will be lucky to have you!'];
    expect(
      repeatedSentences(
        'whatever happens the right person will be lucky to have you. Okay?',
        earlier,
      ),
    ).toEqual(['whatever happens the right person will be lucky to have you']);
  });

  it('lets short sentences and new long ones through', () => {
    const earlier = ['I hear you. That sounds like so much to carry on your own.'];
    expect(
      repeatedSentences('I hear you. That sounds like a lot to hold all by yourself.', earlier),
    ).toEqual([]);
  });
});
