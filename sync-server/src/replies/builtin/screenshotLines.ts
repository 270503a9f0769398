import type { ScreenshotKind } from './screenshot';

/**
 * What each bestie says about a screenshot she shares, in her own voice: an opener naming what
 * it is, the gist of what it says (`{s}`, from its text or its analysis), and a question about
 * it. `{name}` and `{pet}` as in ./lines. `unreadable` answers a screenshot with no words read.
 */
export interface ScreenshotLines {
  openers: Record<ScreenshotKind, readonly string[]>;
  gists: readonly string[];
  questions: Record<ScreenshotKind, readonly string[]>;
  unreadable: readonly string[];
}

const cassie: ScreenshotLines = {
  openers: {
    chat: [
      'Oh, you brought me the conversation, {pet}. 🌸',
      "Let's read this chat together, {name}.",
    ],
    receipt: [
      'Oh, a receipt! Let me have a look, {pet}.',
      "Aw, you're showing me a receipt, {name}.",
    ],
    'business-card': [
      "Ooh, somebody's business card, {pet}.",
      'A business card! Let me see, {name}.',
    ],
    'social-media': [
      'Oh, a post! Let me have a look, {pet}. 💕',
      "Let's see this post together, {name}.",
    ],
    document: [
      "That's quite a bit of reading, {pet}. Let me look.",
      'Oh, a document! Let me read it, {name}.',
    ],
    general: [
      'Thank you for showing me this, {pet}. 🌸',
      "Let me see what you've got here, {name}.",
    ],
  },
  gists: ["Here's what I'm reading: {s}", 'From what I can see: {s}'],
  questions: {
    chat: [
      'How did that conversation make you feel, {pet}?',
      'What do you wish they had said instead?',
    ],
    receipt: [
      'Is this something you want to keep track of, or did something about it feel off?',
      'Was it a little treat for yourself, {pet}?',
    ],
    'business-card': [
      'Are you thinking of reaching out to them?',
      'Where did you meet them? I would love to hear about it.',
    ],
    'social-media': [
      'How did seeing this post make you feel?',
      'What made you want to share this one with me?',
    ],
    document: [
      'Which part of it matters most to you?',
      'Is there anything in it that worries you, {pet}?',
    ],
    general: ['What would you like to do with it, {pet}?', 'What made you want to show me this?'],
  },
  unreadable: [
    "I couldn't read any words in it, {pet}. Would you tell me what it shows?",
    "The words didn't come through for me. Could you tell me what it says, {pet}?",
  ],
};

const brooke: ScreenshotLines = {
  openers: {
    chat: [
      'Oh, you brought the convo. Let me see, {pet}.',
      'Screenshots of the chat? I love a detective, {name}.',
    ],
    receipt: [
      'A receipt? Okay, bookkeeper queen, let me look.',
      "Ooh, a receipt, {pet}. Let's audit.",
    ],
    'business-card': [
      'A business card, {pet}? Look at you networking.',
      'Ooh, a card. Who is this, {name}?',
    ],
    'social-media': ['Okay, a post. Let me read it, {pet}.', 'Ooh, the timeline. Show me, {name}.'],
    document: [
      'That is a LOT of words, {pet}, but I got you.',
      'A whole document? Fine, I read it, {name}.',
    ],
    general: ['Okay, {pet}, let me take a look.', 'Show me what we are working with, {name}.'],
  },
  gists: ['Here is the deal: {s}', 'So what it says is: {s}'],
  questions: {
    chat: [
      'So what do we think, {pet}: are we replying, or letting them wait?',
      'What did you want to say back?',
    ],
    receipt: [
      'Was this a treat-yourself moment, or is something on it not adding up?',
      'Do you need to split this with somebody, {pet}?',
    ],
    'business-card': ['Are you calling them or what?', 'So where did you meet them, {pet}?'],
    'social-media': [
      'Be honest: how did that post make you feel?',
      'Are we reacting to this, or scrolling past?',
    ],
    document: [
      'What part of this do you need help with, {pet}?',
      'Which bit are we worried about?',
    ],
    general: ['So what are we doing about it, {pet}?', 'Why did this one catch your eye?'],
  },
  unreadable: [
    "Babe, I can't read a single word on that. What does it say?",
    'Nope, no words came through on that one. Spill, what is it?',
  ],
};

const elena: ScreenshotLines = {
  openers: {
    chat: [
      "Let's look at this conversation calmly, {name}.",
      'Thank you for sharing the conversation, {name}.',
    ],
    receipt: [
      "This is a receipt. Let's look at it together, {name}.",
      'A receipt, then. I have read it through, {name}.',
    ],
    'business-card': [
      'This looks like a business card, {name}.',
      "Let's look at this contact card, {name}.",
    ],
    'social-media': [
      "This is a social media post. Let's read it slowly, {name}.",
      'I have read the post you shared, {name}.',
    ],
    document: [
      "This is a longer document. Let's take it step by step, {name}.",
      'I have read through the document, {name}.',
    ],
    general: [
      'Thank you for sharing this with me, {name}.',
      'I have had a look at what you shared, {name}.',
    ],
  },
  gists: ['Here is what it shows: {s}', 'As I read it: {s}'],
  questions: {
    chat: [
      'What do you feel when you read it back now?',
      'What would you like to happen next in this conversation?',
    ],
    receipt: [
      'Is there something on it you want to check, or keep track of?',
      'Does the total match what you expected to spend?',
    ],
    'business-card': [
      'What would you like to do with these details?',
      'Is this someone you plan to contact?',
    ],
    'social-media': ['How do you feel after reading it?', 'What about this post stayed with you?'],
    document: [
      'Which part would you like to think through first?',
      'What do you need to decide because of it?',
    ],
    general: ['What would you like to do with it?', 'What made it stand out to you?'],
  },
  unreadable: [
    'I could not read any words in it. Could you tell me what it shows?',
    'No text came through from this image. What does it say?',
  ],
};

const nene: ScreenshotLines = {
  openers: {
    chat: [
      'Oh, the MESSAGES! Hand them OVER, {pet}.',
      'Honey, a screenshot of the chat? I am READING it.',
    ],
    receipt: [
      'A RECEIPT! Darling, I LIVE for the paperwork.',
      'Ooh, a receipt, {pet}! Let me put my glasses ON.',
    ],
    'business-card': [
      'A business card, {pet}! How very PROFESSIONAL.',
      'Honey, a CARD! Who is this person?',
    ],
    'social-media': [
      'A post! Oh, I am READY for this, {pet}.',
      'Darling, you brought me the TIMELINE!',
    ],
    document: [
      'A whole DOCUMENT, {pet}! I am reading every word.',
      'Honey, this is a LOT of paper, but I am on it.',
    ],
    general: ['Ooh, what have you BROUGHT me, {pet}?', 'Let me SEE this, {name}!'],
  },
  gists: ["Here's the TEA: {s}", 'What it SAYS, darling: {s}'],
  questions: {
    chat: [
      'Now tell me EVERYTHING: what did you say back, {pet}?',
      'Honey, how did you FEEL reading that?',
    ],
    receipt: [
      'Was this a little treat, darling, or is something on it NOT adding up?',
      'Do we need to go back and DEMAND our money, {pet}?',
    ],
    'business-card': [
      'Are you calling them, honey? I need to KNOW.',
      'Darling, where did you MEET them?',
    ],
    'social-media': [
      'And how did that post make you FEEL, {pet}?',
      'Honey, are we RESPONDING to this?',
    ],
    document: [
      'Which part do we need to TALK about, {pet}?',
      'Darling, what is the part that worries you?',
    ],
    general: ['So what are we DOING with it, {pet}?', 'Honey, why did this one catch your EYE?'],
  },
  unreadable: [
    "Darling, I can't read a SINGLE word on that! What does it say?",
    'Honey, the words did NOT come through. What does it show?',
  ],
};

const summer: ScreenshotLines = {
  openers: {
    chat: [
      'Ooh, the convo! Let me read it, {pet}. ✨',
      'A chat screenshot! Okay, I am SO in, {name}.',
    ],
    receipt: [
      'Ooh, a receipt! Let me see what you got, {pet}. ✨',
      'A receipt, {name}! Shopping update?',
    ],
    'business-card': [
      'Ooh, a business card, {pet}! Who is it? 😍',
      'A card! Networking era, {name}! ✨',
    ],
    'social-media': [
      'Ooh, a post! Let me see, {pet}. 💖',
      'Okay, what is on the feed today, {name}? ✨',
    ],
    document: [
      'Ooh, a big read, {pet}! Let me look. ✨',
      'A document! Okay, studying mode, {name}.',
    ],
    general: ['Ooh, what did you find, {pet}? ✨', 'Let me see, {name}! 💖'],
  },
  gists: ["Okay so here's what it says: {s}", 'From what I see: {s}'],
  questions: {
    chat: ['So how are you feeling about it, {pet}? 💖', 'What are you thinking of saying back?'],
    receipt: [
      'Was it a cute little treat? Tell me everything! ✨',
      'Did you get something fun, {pet}?',
    ],
    'business-card': ['Are you going to reach out? 😍', 'Where did you meet them, {pet}?'],
    'social-media': ['How did that post make you feel, {pet}? 💖', 'Are you going to comment? ✨'],
    document: ['Which part should we look at first, {pet}?', 'Is it good news or big news? ✨'],
    general: ['What do you want to do with it, {pet}? ✨', 'What made you want to show me? 💖'],
  },
  unreadable: [
    "Aw, I couldn't read any words in it, {pet}! What does it say? ✨",
    'Hmm, no words came through for me! What does it show? 💖',
  ],
};

export const SCREENSHOT_LINES: Readonly<Record<number, ScreenshotLines>> = {
  1: cassie,
  2: brooke,
  3: elena,
  4: nene,
  5: summer,
};
