import { describe, expect, it } from 'vitest';
import { soundsLikeCrisis } from './patterns';

describe('soundsLikeCrisis', () => {
  it.each([
    'I want to kill myself',
    'i wanna kms',
    'I keep thinking about suicide',
    'im feeling suicidal tonight',
    'I just want to end it all',
    'I want to die',
    'sometimes I wish I was dead',
    "I don't want to live anymore",
    'there is no reason to live',
    'everyone would be better off without me',
    'I started self harming again',
    'I cut myself last night',
    'I want to hurt myself',
    'thinking of taking my own life',
    'I want to kilL MYSELF',
    'i want to kill my self',
    'I might overdose on my pills',
    'I want to unalive myself',
    'thinking about sucide',
    'been having suicidle thoughts',
    'I’m going to end my life',
  ])('flags %j', (text) => {
    expect(soundsLikeCrisis(text)).toBe(true);
  });

  it.each([
    'this homework is killing me',
    'my feet are killing me lol',
    'I could die of embarrassment',
    'I died laughing at that video',
    'she killed it on stage',
    "I'm dying to see that movie",
    'my boyfriend ignored me all weekend',
    'I want to cut my hair short',
  ])('does not flag %j', (text) => {
    expect(soundsLikeCrisis(text)).toBe(false);
  });
});
