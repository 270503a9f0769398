import type { Feeling, Topic } from './analyse';

/**
 * What each bestie says in the built-in engine. `{name}` is her name, `{pet}` a pet name,
 * `{r}` a few of her own words turned towards her. Every bank has at least two lines so the
 * engine never has to repeat the last reply.
 */
export interface PersonaLines {
  openers: Record<Feeling, readonly string[]>;
  reflections: readonly string[];
  takes: Record<Topic, readonly string[]>;
  questions: Record<Topic, readonly string[]>;
}

const cassie: PersonaLines = {
  openers: {
    sad: [
      "Oh {pet}, come here. I'm so sorry you're hurting. 💕",
      "Aw, {name}, that sounds really heavy, and it's okay to feel it.",
    ],
    angry: [
      'I can hear how upset you are, {pet}, and your feelings make sense.',
      'Oh {name}, that would make me frustrated too. Take a breath with me.',
    ],
    anxious: [
      "Hey, it's okay, {pet}. Let's slow down together. 🌸",
      "Oh {name}, that knot in your stomach sounds exhausting. You're not alone in it.",
    ],
    happy: [
      'Oh {name}, that makes my heart so happy! 💕',
      'Yay, {pet}! I love hearing this from you.',
    ],
    confused: [
      "That's a lot to sort through, {pet}, and it's okay not to have it figured out yet.",
      "Mixed-up feelings are so normal, {name}. Let's untangle it gently.",
    ],
    neutral: [
      "I'm really glad you're telling me this, {pet}.",
      'Thank you for sharing that with me, {name}. 🌸',
    ],
  },
  reflections: ['You said {r}, and I really hear that.', 'So {r}. That matters, and so do you.'],
  takes: {
    goodNews: [
      "That's wonderful, and you deserve every bit of it. I hope you let yourself really enjoy this moment.",
      "I'm so proud of you. Good things happen to good hearts, and yours is one of the best.",
    ],
    thanks: [
      "You never have to thank me, sweetie. I'm always here for you. 💕",
      "Aw, that means a lot. I'm really proud of you for talking it through.",
    ],
    crushHurt: [
      "Being ignored by someone you care about hurts so much, and it's not a sign that you're too much. You deserve someone who shows up for you.",
      "I know you want to understand him, and that's your kind heart. But your feelings matter just as much as his.",
    ],
    hello: [
      "I'm so happy you're here. This is your soft place to land, no judgment ever.",
      "It's really lovely to hear from you. I'm all yours.",
    ],
    breakup: [
      "Breakups hurt even when they're the right thing, and healing isn't a straight line. Be as gentle with yourself as you'd be with a friend.",
      "Missing someone doesn't mean you made a mistake. It just means you cared, and that's a beautiful part of you.",
    ],
    crush: [
      "Whatever happens, the right person will be lucky to have your kind heart. You don't have to earn anyone's attention.",
      "Feelings like this are sweet and a little scary. It's okay to go slowly and see how he treats you.",
    ],
    friends: [
      "Friendships have rough patches, and sometimes people hurt us without meaning to. A gentle, honest talk can fix more than you'd think.",
      "You deserve friends who make you feel safe. It's okay to forgive and still protect your heart.",
    ],
    family: [
      'Family can be so complicated, because we love them and they still get under our skin. Both things can be true.',
      "Sometimes the people closest to us don't know how to show they care. That doesn't make your feelings any less real.",
    ],
    school: [
      "You're doing more than you give yourself credit for. One small step at a time is still progress.",
      "A hard day there doesn't define you, love. Rest counts too.",
    ],
    body: [
      "You're so much more than how you look, and you deserve to be spoken to kindly, especially by you.",
      "Bodies change and that's okay. I wish you could see yourself the way the people who love you do.",
    ],
    money: [
      "Money stress is so real, and it doesn't mean you're failing. Let's look at it one piece at a time.",
      "It's brave to look at money worries instead of hiding from them. You're handling more than you think.",
    ],
    general: [
      "Whatever it is, you don't have to carry it alone.",
      "There's no wrong way to feel about this, sweetie.",
    ],
  },
  questions: {
    goodNews: ['How are you going to celebrate?', 'What part of it makes you happiest?'],
    thanks: [
      'How are you feeling now, compared to before?',
      'Is there anything else on your heart today?',
    ],
    crushHurt: [
      'How has he been treating you lately, honestly?',
      'What would you need from him to feel okay again?',
    ],
    hello: ["What's on your mind today?", 'How is your heart doing today, really?'],
    breakup: [
      'What part do you miss the most right now?',
      'How are you taking care of yourself this week?',
    ],
    crush: ["How does he make you feel when you're together?", 'What do you hope happens next?'],
    friends: [
      'Do you think she knows how this made you feel?',
      'What would feel like a kind next step with her?',
    ],
    family: [
      'How did they react when you told them how you felt?',
      'What do you wish they understood about you?',
    ],
    school: [
      "What's the part that feels heaviest right now?",
      "What's one tiny thing that would make tomorrow easier?",
    ],
    body: [
      "What's one thing you actually like about yourself? I bet there's more than one.",
      'When did you start feeling this way about yourself?',
    ],
    money: [
      "What's the most urgent part of it right now?",
      'Is there anyone you trust who could help you think it through?',
    ],
    general: ['Do you want to tell me more about it?', 'How are you feeling about it right now?'],
  },
};

const brooke: PersonaLines = {
  openers: {
    sad: [
      'Okay {pet}, come here. Cry it out, then we fix your crown. 👑',
      "Ugh, {name}, I hate that you're hurting. Not on my watch.",
    ],
    angry: [
      'Girl. The AUDACITY. You have every right to be mad.',
      "Oh no they didn't, {name}. I'm already cracking my knuckles.",
    ],
    anxious: [
      'Breathe, {pet}. Your brain is lying to you louder than usual.',
      'Okay, {name}, deep breath. Overthinking never won a single argument.',
    ],
    happy: ["YES {pet}! That's what I'm talking about!", 'Look at you winning, {name}! I knew it.'],
    confused: [
      "Okay, let's cut through the noise, {pet}.",
      "Mixed signals are still signals, {name}. Let's read them.",
    ],
    neutral: ["Alright {pet}, I'm listening. Spill.", 'Okay {name}, you have my full attention.'],
  },
  reflections: ['Wait, {r}? Hold up.', "So {r}. Yeah, I'm not letting that slide."],
  takes: {
    goodNews: [
      'See? This is what happens when you bet on yourself. Main character energy.',
      'Told you. You were always that girl, now everyone else knows it too.',
    ],
    thanks: [
      "Anytime, babe. That's literally what I'm here for.",
      "Don't thank me, just go be iconic.",
    ],
    crushHurt: [
      "Let me be real: someone who's into you doesn't leave you wondering. You're not asking for too much, he's giving too little.",
      "Girl, stop auditioning for someone who isn't even watching. You deserve effort, not crumbs.",
    ],
    hello: [
      'Finally, someone with good taste in besties.',
      "You showed up, so I know something's brewing.",
    ],
    breakup: [
      "Listen: you didn't lose anything, you got your time back. We do not chase people who let us go.",
      "Blocking is self-care, and glowing up is the best revenge. You're the main character here.",
    ],
    crush: [
      "If he wanted to, he would. Period. You are not a maybe, you're a whole prize.",
      'Confidence, babe. Let him wonder about you for once.',
    ],
    friends: [
      "Real friends don't make you guess where you stand. Say what you need, straight up.",
      'Some people are seasonal. Let them go with the weather.',
    ],
    family: [
      "Loving your family doesn't mean being their doormat. Boundaries are allowed at home too.",
      "You can respect them and still say 'no, that's not okay'.",
    ],
    school: [
      'You are not your worst day at work or school. Stop letting one bad moment run the whole show.',
      "Make a plan, knock it out, then treat yourself. You've got this, no excuses.",
    ],
    body: [
      "Whoever made you doubt that face needs glasses. You're a whole vibe.",
      "Your body is not a project, it's your home. Treat her like the queen she is.",
    ],
    money: [
      'Money stuff is scary, but avoiding it is scarier. We face the numbers and make a plan.',
      'No shame in a budget, babe. Broke is temporary, boss energy is forever.',
    ],
    general: ["Say less, I'm on your side.", 'Whatever it is, we handle it with our heads high.'],
  },
  questions: {
    goodNews: [
      'How are we celebrating, because we ARE celebrating?',
      "Who's the first person you told? Was their face priceless?",
    ],
    thanks: ["So what's your next move?", "Anything else we need to sort out while I'm fired up?"],
    crushHurt: [
      'Has he ever actually said sorry, or do you always let it slide?',
      'What would you tell your best friend if this were her?',
    ],
    hello: ["So what's the tea today?", "Who do I need to fight? Kidding. Mostly. What's up?"],
    breakup: [
      'Be honest: are you missing him, or missing being wanted?',
      "What's the one thing you'll never put up with again?",
    ],
    crush: [
      'Has he actually made an effort, or are you doing all the work?',
      'So are you texting him first, or making him earn it?',
    ],
    friends: [
      'Did you tell her straight up how that felt?',
      "Is this friendship giving you more than it's taking?",
    ],
    family: [
      'What boundary do you wish you could set with them?',
      'What did you actually want to say back?',
    ],
    school: [
      "What's the first thing on the list we're crushing?",
      "Who's making this harder than it needs to be?",
    ],
    body: [
      "Who put that thought in your head, because it wasn't the truth?",
      'Name three things you like about yourself. Go.',
    ],
    money: [
      "What's the number that's stressing you out most?",
      "What's one expense you could cut without crying?",
    ],
    general: ['So what are you going to do about it?', 'Okay, and then what happened?'],
  },
};

const elena: PersonaLines = {
  openers: {
    sad: [
      "That sounds painful, {name}. Let's take it slowly.",
      'I hear sadness in what you wrote, and it deserves some room.',
    ],
    angry: [
      "It makes sense that you're angry. Anger often tells us a boundary was crossed.",
      "I can hear how frustrated you are, {name}. Let's look at it calmly.",
    ],
    anxious: [
      "Let's pause for a moment. Try one slow breath before we go on.",
      'Anxiety makes everything feel urgent at once, {name}. We can take it one piece at a time.',
    ],
    happy: [
      "That's wonderful to hear, {name}. It's worth savouring moments like this.",
      "I'm glad, {name}. Good news deserves a moment of attention too.",
    ],
    confused: [
      "It's understandable to feel unsure here. Let's separate what you know from what you're guessing.",
      'Confusion usually means two needs are pulling in different directions.',
    ],
    neutral: [
      "Thank you for telling me, {name}. Let's think it through together.",
      "I'm listening, {name}. Take all the time you need.",
    ],
  },
  reflections: ['Let me make sure I understand: {r}.', "If I'm hearing you right, {r}."],
  takes: {
    goodNews: [
      "It's worth pausing to notice what you did to make this happen. Moments like this are built, not just given.",
      'Let yourself enjoy this fully before moving on to the next thing.',
    ],
    thanks: [
      "You're welcome. You did the hard part by putting it into words.",
      "I'm glad it helped. Take a moment to notice how you feel now.",
    ],
    crushHurt: [
      'When someone we care about goes quiet, the mind fills the silence with the worst explanations. It helps to focus on what his actions show over time.',
      "Being treated inconsistently is painful. It's reasonable to want clarity, and to ask for it calmly.",
    ],
    hello: [
      "It's good to hear from you. This is a quiet place to think out loud.",
      "I'm glad you're here. There's no rush.",
    ],
    breakup: [
      'Grief after a breakup is real, even when the decision was right. It often comes in waves rather than a straight line.',
      "It might help to notice what you miss about him and what you don't. Both lists matter.",
    ],
    crush: [
      'Early feelings are full of guessing. It helps to watch what he does, not only what you hope he means.',
      'Consider what you want from this, apart from whether he wants you back.',
    ],
    friends: [
      'Friendships shift as people change. A calm, specific conversation is usually better than guessing what she meant.',
      'It may help to separate what she did from the story your mind has built around it.',
    ],
    family: [
      "Family patterns are old and deep, so they're hard to change in one conversation. Small, steady boundaries work better.",
      "You can understand why they act this way and still decide what you'll accept.",
    ],
    school: [
      'When everything feels urgent, list it, then choose the one thing that matters most today.',
      "Stress like this often comes from carrying the whole mountain at once. Let's look at just the next step.",
    ],
    body: [
      "The way we see ourselves is shaped by a lot of outside noise. It's worth asking whose voice that critical thought really is.",
      'Try describing yourself the way a kind observer would, not a judge.',
    ],
    money: [
      "Money worries feel lighter once they're written down. Seeing the real numbers is usually less frightening than imagining them.",
      "A small, realistic plan is better than a perfect one you can't keep.",
    ],
    general: [
      "Let's look at what happened, how you feel, and what you need.",
      'Sometimes naming the feeling is the first step to easing it.',
    ],
  },
  questions: {
    goodNews: [
      'What do you think helped most in getting here?',
      'How would you like to mark this moment?',
    ],
    thanks: [
      'What feels clearer to you now?',
      "Is there anything you'd like to think through next?",
    ],
    crushHurt: [
      'What pattern do you notice in how he responds to you?',
      'What would you like to say to him, if you could say it calmly?',
    ],
    hello: ['What would you like to think through today?', 'How are you, honestly, right now?'],
    breakup: [
      'What do you think you need most in the next few weeks?',
      'What did this relationship teach you about what you want?',
    ],
    crush: [
      'What do you actually know about how he feels, and what are you guessing?',
      'What would a good outcome look like for you?',
    ],
    friends: [
      'What would you want her to understand if you spoke calmly?',
      'Has this happened before, or is it new?',
    ],
    family: [
      'What part of this feels most in your control?',
      'What would a fair compromise look like to you?',
    ],
    school: [
      "What's the single most important task for tomorrow?",
      'Which part of this worries you most, and why?',
    ],
    body: [
      'Where do you think this feeling about yourself first came from?',
      'What would you say to a friend who felt this way?',
    ],
    money: [
      'Have you been able to write down what comes in and goes out?',
      "What's one step you could take this week?",
    ],
    general: [
      'What feels most important to you about it?',
      'What would help you most right now: advice, or just being heard?',
    ],
  },
};

const nene: PersonaLines = {
  openers: {
    sad: ["Oh {pet}, NO. Come here, I've got you. 💔", '{name}! My heart just SANK for you.'],
    angry: [
      'EXCUSE me?! Honey, I am OUTRAGED on your behalf.',
      'Oh, the NERVE, {name}. Hold my earrings.',
    ],
    anxious: [
      "Okay {pet}, breathe. In and out. Drama is my job, not your nervous system's.",
      "{name}, darling, sit down, have some water, and let's talk it through.",
    ],
    happy: [
      'STOP IT, {name}! I am SCREAMING! 🎉',
      "{pet}! This is the BEST news I've heard all week!",
    ],
    confused: [
      "Honey, this plot is THICK. Let's untangle it.",
      'Okay, {name}, I need the whole saga, because this is confusing me too.',
    ],
    neutral: ["Oh, I'm SO invested already, {pet}.", '{name}, darling, tell me EVERYTHING.'],
  },
  reflections: [
    'Hold on. {r}?! Honey, I need a minute.',
    'Wait, wait, WAIT. {r}? Oh, we are talking about this.',
  ],
  takes: {
    goodNews: [
      'This is a MOMENT, honey! Somebody cue the confetti and the violins!',
      'I KNEW it! I always said you were a STAR, and now the whole world can see it!',
    ],
    thanks: [
      "Oh, stop it, you're making me BLUSH. Anything for you, darling.",
      "Honey, that's what I'm HERE for. Your personal hype squad.",
    ],
    crushHurt: [
      'Excuse me, he did WHAT? Honey, you do not chase, you are CHASED.',
      "The disrespect! Baby, a man who wants you makes it OBVIOUS. Don't you dare shrink for him.",
    ],
    hello: [
      'The star has arrived! Sit down, darling, the stage is yours.',
      "Finally, my favorite person walks in! I've been waiting ALL day.",
    ],
    breakup: [
      "Darling, this is not the end of your story, it's the end of HIS cameo. The sequel is going to be iconic.",
      'Cry, eat the ice cream, sing the sad song at full volume. Then we rise, honey, like a phoenix.',
    ],
    crush: [
      "A crush?! Oh, I LIVE for this. But listen: you're the prize, he's the contestant.",
      "Honey, if he can't see how fabulous you are, that's a vision problem, not a you problem.",
    ],
    friends: [
      'A friend did WHAT? Oh, the betrayal. But a real friend can own it and make it right.',
      "Friendship drama is the worst kind, because you love them. Let's see if she earns her spot back.",
    ],
    family: [
      "Family drama is a whole soap opera, and you did NOT audition for it. You're allowed to step offstage.",
      'Oh, families. We love them, they drive us up the WALL. Your feelings still count, baby.',
    ],
    school: [
      "One bad day does NOT cancel your whole show. You're going to come back stronger.",
      "Honey, that boss or teacher has no idea who they're dealing with. We'll prove it, calmly and brilliantly.",
    ],
    body: [
      'Excuse me, you are GORGEOUS. I will not hear a word against my friend.',
      'Mirrors lie, baby, and so do filters. You are a one-of-a-kind masterpiece.',
    ],
    money: [
      'Money drama, ugh, the least glamorous drama. But we are resourceful, darling.',
      'Broke today, legendary tomorrow. We make a plan and we stick to it.',
    ],
    general: ["I'm on your side, always, no matter what.", 'You came to the right person, honey.'],
  },
  questions: {
    goodNews: [
      'Tell me EVERYTHING, from the very beginning!',
      'What are you wearing to celebrate? It had better be fabulous.',
    ],
    thanks: ["So what's the next episode, darling?", 'Feeling better? Tell me the truth!'],
    crushHurt: [
      'How long has he been pulling this act?',
      'What did you say back? Please tell me you kept your crown on.',
    ],
    hello: ["So, darling, what's the DRAMA today?", 'Tell me everything. What happened?'],
    breakup: [
      'Who ended it, and how did they do it? I need details.',
      'What are you doing tonight to treat yourself like the queen you are?',
    ],
    crush: [
      'Okay, how did it START? From the top.',
      'Has he texted you first, or are we still waiting?',
    ],
    friends: [
      'What did she say when you confronted her? Or are we planning that scene now?',
      'Who else knows about this? I need the full cast.',
    ],
    family: [
      'Who said what? Give me the whole scene.',
      "What do you need from them that you're not getting?",
    ],
    school: [
      'What exactly did they say to you? Word for word, honey.',
      "What's the big deadline looming over us?",
    ],
    body: [
      'Who made you feel this way? I need a name.',
      "What's your favorite outfit, the one that makes you feel unstoppable?",
    ],
    money: [
      "How bad is it, on a scale from 'skip lattes' to 'call my mama'?",
      "What's the one thing you need to cover first?",
    ],
    general: ['And THEN what happened?', 'How are you feeling about all of it, baby?'],
  },
};

const summer: PersonaLines = {
  openers: {
    sad: [
      'Aww {pet}, sending you the biggest, warmest hug right now. 💖',
      'Oh no, {name}! Come here, let me bring a little sunshine. ☀️',
    ],
    angry: [
      "Ugh, {pet}, no wonder you're fired up! 😤",
      "Okay {name}, that's SO not cool. I'd be annoyed too!",
    ],
    anxious: [
      "Hey cutie, deep breath! You've handled hard things before. ✨",
      "Aww, {name}, let's turn those butterflies into something good.",
    ],
    happy: ['OMG {name}, YAY! 😍✨', "Eeee, {pet}! I'm literally doing a happy dance!"],
    confused: [
      "Ooh, a little mystery! Let's figure it out together, {pet}. 🔍",
      'Okay {name}, confusing vibes, but we can totally decode this.',
    ],
    neutral: ["Hiii {pet}! I'm all ears. 💖", 'Ooh, tell me more, {name}! ✨'],
  },
  reflections: ['Okay so {r}, got it!', 'Wait, {r}? Ooh, tell me everything.'],
  takes: {
    goodNews: [
      'Eeee, this is the best news ever! You totally deserve it! 🎉',
      "Okay, you're officially glowing and I love it! ✨",
    ],
    thanks: [
      "Aww, anytime, sunshine! 💖 That's what besties are for!",
      "Yay, I'm so happy I could help! ✨",
    ],
    crushHurt: [
      "Ugh, babe, mixed signals are the worst! But you deserve someone who's excited to text you back. 💖",
      'Honestly? Anyone who leaves you hanging is missing out on a total catch. ✨',
    ],
    hello: [
      "Yay, you're here! My day just got brighter. ☀️",
      "Heyyy sunshine! I was hoping you'd pop in.",
    ],
    breakup: [
      "Breakups are the worst, but babe, you're about to enter your glow-up era. ✨",
      "Let yourself feel it, then let's plan something fun, just for you. You deserve sunshine.",
    ],
    crush: [
      "A crush?! Stop, I'm blushing for you! 😍 Just be your cute self, that's your superpower.",
      'Flirting is just having fun, babe. Smile, be curious about him, and let him chase a little.',
    ],
    friends: [
      'Friend stuff can be so tricky! Good friends bounce back from a hiccup though. 💕',
      'Sometimes a little honesty and a coffee date fixes everything, babe.',
    ],
    family: [
      "Family can be a lot, huh? You're allowed to take a little space to breathe. 🌼",
      'Even when family drives you bananas, your feelings still totally count.',
    ],
    school: [
      "You're going to crush it! Break it into tiny bits and reward yourself after each one. 🍦",
      "Work and school stress is so real, but you're stronger than a bad day.",
    ],
    body: [
      "Babe, you're adorable and I need you to know it! Confidence is the cutest outfit. 💅",
      "Your glow comes from the inside, and it's shining through this whole conversation.",
    ],
    money: [
      "Money stress is such a buzzkill! Let's find some easy wins together. 💸",
      'A cute little budget can actually feel empowering, promise!',
    ],
    general: [
      "Whatever it is, we'll find the bright side together. ✨",
      "You've totally got this, and I'm right here cheering.",
    ],
  },
  questions: {
    goodNews: [
      'How are you celebrating, babe? Something fun, I hope! 🥳',
      "What's the best part? Tell me everything! 😍",
    ],
    thanks: ["So what's next on your fun list? 😊", 'Anything else you want to chat about, cutie?'],
    crushHurt: [
      'Has he always been this hot and cold, or is it new?',
      'What would make you feel good tonight, just for you? 💅',
    ],
    hello: [
      "So what's new with you, cutie? 💕",
      'Anything exciting happening? Crushes, plans, tea?',
    ],
    breakup: [
      "What's something fun you've been wanting to try? Maybe now's the time!",
      'How are you treating yourself this week, babe?',
    ],
    crush: [
      "Ooh, what's he like?! Tell me everything! 😍",
      'Have you two been texting? What did he say?',
    ],
    friends: [
      'Do you want to make up with her, or do you need some space first?',
      'What would make things feel fun between you again?',
    ],
    family: [
      'What would help you feel a little lighter at home?',
      'Is there someone in your family who gets you?',
    ],
    school: [
      "What's the first tiny thing you'll tackle?",
      "What reward are we planning for when you're done? 🎉",
    ],
    body: [
      "What's your favorite thing about yourself? Don't be shy!",
      'When do you feel your most confident?',
    ],
    money: [
      "What's the thing you're saving up for? Let's make it happen!",
      "What's one tiny money win you could go for this week?",
    ],
    general: ['How are you feeling about it, babe?', 'And then what happened?! 👀'],
  },
};

export const LINES: Readonly<Record<number, PersonaLines>> = {
  1: cassie,
  2: brooke,
  3: elena,
  4: nene,
  5: summer,
};
