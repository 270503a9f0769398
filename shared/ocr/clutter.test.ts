import { describe, expect, it } from 'vitest';
import {
  isInputBar,
  isStatusBar,
  joinAddresses,
  statusBarLines,
  withoutBubbleTime,
  withoutClutter,
  type TranscriptLine,
} from './clutter';

const page = (text: string): TranscriptLine => ({ kind: 'page', text });
const them = (text: string): TranscriptLine => ({ kind: 'them', text });
const me = (text: string): TranscriptLine => ({ kind: 'me', text });

describe('joinAddresses', () => {
  it('joins an email tesseract split after its dots', () => {
    expect(joinAddresses('jordan. rivera@northwind. example')).toBe(
      'jordan.rivera@northwind.example',
    );
    expect(joinAddresses('Email: jordan.rivera @ northwind.example')).toBe(
      'Email: jordan.rivera@northwind.example',
    );
    expect(joinAddresses('mail me at sam_k+news@mail. example. co. uk today')).toBe(
      'mail me at sam_k+news@mail.example.co.uk today',
    );
  });

  it('joins a web address and gives back the w tesseract dropped', () => {
    expect(joinAddresses('ww. northwind. example')).toBe('www.northwind.example');
    expect(joinAddresses('www. northwind. example')).toBe('www.northwind.example');
    expect(joinAddresses('Web: WWW. Northwind. example/contact')).toBe(
      'Web: www.northwind.example/contact',
    );
    expect(joinAddresses('https: //www. brightline. io')).toBe('https://www.brightline.io');
  });

  it("joins a handle's @ to its name", () => {
    expect(joinAddresses('@ jordan_r')).toBe('@jordan_r');
    expect(joinAddresses('follow me (@ maya.designs) for more')).toBe(
      'follow me (@maya.designs) for more',
    );
    expect(joinAddresses('Instagram: @ jordan')).toBe('Instagram: @jordan');
  });

  it('leaves ordinary sentences alone', () => {
    const sentences = [
      'i went home. then i slept',
      'I went home. Then I slept.',
      'see you @ home',
      'He said no. so what',
      'it was 5. maybe 6',
      'ok. bye. xx',
      'Call me at 9. love you',
      'my email is jordan.rivera@northwind.example',
      'the site is www.northwind.example',
    ];
    for (const sentence of sentences) expect(joinAddresses(sentence)).toBe(sentence);
  });
});

describe('withoutBubbleTime', () => {
  it("drops the time a messenger prints at a bubble's end, with its read ticks", () => {
    expect(withoutBubbleTime('Did you get the tickets? 10:42 PM')).toBe('Did you get the tickets?');
    expect(withoutBubbleTime('yes, front row 22:41')).toBe('yes, front row');
    // ✓✓ as tesseract reads it.
    expect(withoutBubbleTime('On my way now 10:42 W')).toBe('On my way now');
    expect(withoutBubbleTime('On my way now 10:42 v/')).toBe('On my way now');
    expect(withoutBubbleTime('On my way now 10:42 ✓✓')).toBe('On my way now');
    expect(withoutBubbleTime('lol same 9.05 pm')).toBe('lol same');
    expect(withoutBubbleTime('10:42 PM')).toBe('');
  });

  it('keeps a time that is part of what she wrote', () => {
    expect(withoutBubbleTime('see you at 7:30')).toBe('see you at 7:30');
    expect(withoutBubbleTime('the film starts around 21:15')).toBe('the film starts around 21:15');
    expect(withoutBubbleTime('Leaving at 8 sharp from my place.')).toBe(
      'Leaving at 8 sharp from my place.',
    );
  });
});

describe('isStatusBar', () => {
  it("knows a phone's status bar as tesseract reads it", () => {
    for (const line of ['9:41', '9:41 ul LTE 87%', 'all 5G @ 64 %', 'Verizon LTE', '14:02 = 100%'])
      expect(isStatusBar(line), line).toBe(true);
  });

  it('is not a line of the chat', () => {
    for (const line of ['Today 5:42 PM', 'Alex', 'LTE coverage is bad here', '87', 'Them: hi'])
      expect(isStatusBar(line), line).toBe(false);
  });
});

describe('statusBarLines', () => {
  it('counts a status bar read block by block, as the chat reader finds it', () => {
    expect(statusBarLines(['all TE', '9:41', '87%', 'Maya', 'Them: hi'])).toBe(3);
    expect(statusBarLines(['9:41 ul LTE 87%', 'Maya'])).toBe(1);
  });

  it('counts nothing where no line is a status bar beyond doubt', () => {
    expect(statusBarLines(['JO', 'Them: hi'])).toBe(0);
    expect(statusBarLines(['all TE', 'Maya'])).toBe(0);
    expect(statusBarLines(['Today 5:42 PM', 'Them: hi'])).toBe(0);
  });
});

describe('isInputBar', () => {
  it("knows the input bar's placeholder, with the icons around it", () => {
    for (const line of [
      'Message',
      'iMessage',
      'Type a message',
      '© Message @ &',
      '+ Aa',
      'Q Message',
    ])
      expect(isInputBar(line), line).toBe(true);
  });

  it('is not a message that says more', () => {
    for (const line of ['Message me later', 'I got your message', 'Type a message to him', 'Reply'])
      expect(isInputBar(line), line).toBe(false);
  });
});

describe('withoutClutter', () => {
  it('leaves out the status bar, the bubble times and the input bar of a WhatsApp screenshot', () => {
    const read = [
      page('9:41'),
      page('ul LTE 87%'),
      page('Maya'),
      them('Did you get the tickets? 10:41 PM'),
      me('Yes! Front row 10:42 PM W'),
      them('see you at 7:30 10:43 PM'),
      them('Message'),
    ];
    expect(withoutClutter(read)).toEqual([
      page('Maya'),
      them('Did you get the tickets?'),
      me('Yes! Front row'),
      them('see you at 7:30'),
    ]);
  });

  it("keeps a chat's own time lines and a page's text, and mends its addresses", () => {
    const read = [
      page('Jordan Rivera'),
      page('jordan. rivera@northwind. example'),
      page('ww. northwind. example'),
      page('Today 5:42 PM'),
    ];
    expect(withoutClutter(read)).toEqual([
      page('Jordan Rivera'),
      page('jordan.rivera@northwind.example'),
      page('www.northwind.example'),
      page('Today 5:42 PM'),
    ]);
  });
});
