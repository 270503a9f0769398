import type { Feeling, Topic } from './analyse';

/**
 * What each bestie says in the built-in engine. `{name}` is her name, `{pet}` a pet name,
 * `{r}` a few of her own words turned towards her. Every opener bank has at least three lines
 * and every take and question bank at least four, so a chat that stays on one topic does not
 * bring back advice from its last few replies. No two lines of a bank share their first 24
 * characters, which is how the engine recognises a line in an earlier reply.
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
      "I'm right here with you, and I'm not going anywhere, {pet}. Let it out.",
    ],
    angry: [
      'I can hear how upset you are, {pet}, and your feelings make sense.',
      'Oh {name}, that would make me frustrated too. Take a breath with me.',
      "That sounds really unfair, {pet}. It's okay to be upset about it.",
    ],
    anxious: [
      "Hey, it's okay, {pet}. Let's slow down together. 🌸",
      "Oh {name}, that knot in your stomach sounds exhausting. You're not alone in it.",
      "Let's take one slow breath together, {name}. Nothing has to be solved this second.",
    ],
    happy: [
      'Oh {name}, that makes my heart so happy! 💕',
      'Yay, {pet}! I love hearing this from you.',
      "This is the sweetest news, {pet}! I'm smiling so big for you.",
    ],
    confused: [
      "That's a lot to sort through, {pet}, and it's okay not to have it figured out yet.",
      "Mixed-up feelings are so normal, {name}. Let's untangle it gently.",
      "You don't have to know the answer right now, {name}. We can figure it out slowly.",
    ],
    neutral: [
      "I'm really glad you're telling me this, {pet}.",
      'Thank you for sharing that with me, {name}. 🌸',
      "I'm all ears, and I have all the time in the world for you, {pet}.",
    ],
  },
  reflections: ['You said {r}, and I really hear that.', 'So {r}. That matters, and so do you.'],
  takes: {
    goodNews: [
      "That's wonderful, and you deserve every bit of it. I hope you let yourself really enjoy this moment.",
      "I'm so proud of you. Good things happen to good hearts, and yours is one of the best.",
      'Moments like this are worth holding onto. Maybe write it down, so you can read it again on a harder day.',
      'You worked for this, even the parts nobody saw. I hope you let yourself feel a little proud tonight.',
    ],
    thanks: [
      "You never have to thank me, sweetie. I'm always here for you. 💕",
      "Aw, that means a lot. I'm really proud of you for talking it through.",
      'Talking about hard things takes courage, and you did it. I hope you feel a little lighter now.',
      'It means so much that you trust me with this. Come back anytime, for big things or small ones.',
    ],
    crushHurt: [
      "Being ignored by someone you care about hurts so much, and it's not a sign that you're too much. You deserve someone who shows up for you.",
      "I know you want to understand him, and that's your kind heart. But your feelings matter just as much as his.",
      "It's okay to gently ask him for what you need, like a simple reply or some honesty. Someone who cares will want to hear it.",
      "You don't have to make excuses for how he treats you. A nice person can still be the wrong person for your heart right now.",
    ],
    hello: [
      "I'm so happy you're here. This is your soft place to land, no judgment ever.",
      "It's really lovely to hear from you. I'm all yours.",
      "Whatever kind of day you're having, you can bring all of it here.",
      "I was hoping you'd stop by. Get cozy and tell me anything.",
    ],
    breakup: [
      "Breakups hurt even when they're the right thing, and healing isn't a straight line. Be as gentle with yourself as you'd be with a friend.",
      "Missing someone doesn't mean you made a mistake. It just means you cared, and that's a beautiful part of you.",
      "Some days will feel okay and some won't, and both are part of healing. Try to fill this week with little comforts and people who love you.",
      "It's okay to take a break from his social media for now. Protecting your heart while it mends isn't petty, it's kind to yourself.",
    ],
    crush: [
      "Whatever happens, the right person will be lucky to have your kind heart. You don't have to earn anyone's attention.",
      "Feelings like this are sweet and a little scary. It's okay to go slowly and see how he treats you.",
      'A sweet next step could be something small, like asking him about something he loves. Little moments tell you a lot about a person.',
      "It's okay not to know how he feels yet. Let it unfold slowly, and keep enjoying your own life while it does.",
    ],
    friends: [
      "Friendships have rough patches, and sometimes people hurt us without meaning to. A gentle, honest talk can fix more than you'd think.",
      "You deserve friends who make you feel safe. It's okay to forgive and still protect your heart.",
      "If she hurt you, it's okay to tell her softly how it felt. A good friend wants to know, even when it's hard to hear.",
      "Sometimes friends drift a little, and it doesn't always mean they stopped caring. A simple 'I miss you' can open the door again.",
    ],
    family: [
      'Family can be so complicated, because we love them and they still get under our skin. Both things can be true.',
      "Sometimes the people closest to us don't know how to show they care. That doesn't make your feelings any less real.",
      "When things are tense at home, it's okay to find a quiet corner and take a break. Stepping away to calm down isn't running away.",
      "You could try telling them how you feel when everyone is calm, starting with 'I feel' instead of 'you always'. It often softens things.",
    ],
    school: [
      "You're doing more than you give yourself credit for. One small step at a time is still progress.",
      "A hard day there doesn't define you, love. Rest counts too.",
      "It's okay to ask for help, from a teacher, a classmate or a coworker. Needing support isn't a weakness, it's how everyone gets through.",
      "Try to be as patient with yourself as you'd be with a friend in your shoes. Mistakes are how everyone learns, even the people who seem perfect.",
    ],
    body: [
      "You're so much more than how you look, and you deserve to be spoken to kindly, especially by you.",
      "Bodies change and that's okay. I wish you could see yourself the way the people who love you do.",
      'Maybe wear something soft and comfy today, just for you. Feeling good in your body can start with small kindnesses.',
      "It can help to take a little break from accounts that make you feel not good enough. You deserve a feed that's gentle with you.",
    ],
    money: [
      "Money stress is so real, and it doesn't mean you're failing. Let's look at it one piece at a time.",
      "It's brave to look at money worries instead of hiding from them. You're handling more than you think.",
      "Writing down what comes in and what goes out can make it feel less scary. You don't have to fix everything at once.",
      "It's okay to say no to plans that cost too much right now. The people who love you will understand.",
    ],
    general: [
      "Whatever it is, you don't have to carry it alone.",
      "There's no wrong way to feel about this, sweetie.",
      "Your feelings make sense, even the messy ones. I'm right here with you.",
      "You're doing your best, sweetie, and that's always enough for me.",
    ],
  },
  questions: {
    goodNews: [
      'How are you going to celebrate?',
      'What part of it makes you happiest?',
      "Who's the first person you want to share it with?",
      'How did it feel the moment you found out?',
    ],
    thanks: [
      'How are you feeling now, compared to before?',
      'Is there anything else on your heart today?',
      "What's one kind thing you could do for yourself tonight?",
      'Would you like to talk a little more, or just rest for now?',
    ],
    crushHurt: [
      'How has he been treating you lately, honestly?',
      'What would you need from him to feel okay again?',
      'When did you first start feeling this way about how he treats you?',
      'Have you been able to tell him how it made you feel?',
    ],
    hello: [
      "What's on your mind today?",
      'How is your heart doing today, really?',
      "What's been making you smile lately, or not smile?",
      "Is there anything you've been wanting to talk about?",
    ],
    breakup: [
      'What part do you miss the most right now?',
      'How are you taking care of yourself this week?',
      "Who's been there for you since it ended?",
      "What's the hardest time of day for you right now?",
    ],
    crush: [
      "How does he make you feel when you're together?",
      'What do you hope happens next?',
      "What's something he did that made you smile?",
      'How long have you been feeling this way about him?',
    ],
    friends: [
      'Do you think she knows how this made you feel?',
      'What would feel like a kind next step with her?',
      'How long have you two been friends?',
      'Is there another friend you could lean on right now?',
    ],
    family: [
      'How did they react when you told them how you felt?',
      'What do you wish they understood about you?',
      'Who in your family do you feel closest to?',
      'How are things at home right now, day to day?',
    ],
    school: [
      "What's the part that feels heaviest right now?",
      "What's one tiny thing that would make tomorrow easier?",
      'Is there anyone there who could help share the load?',
      'How have you been sleeping with all of this going on?',
    ],
    body: [
      "What's one thing you actually like about yourself, even a tiny one?",
      'When did you start feeling this way about yourself?',
      'Who in your life makes you feel beautiful just as you are?',
      "What's one gentle thing you could do for your body today?",
    ],
    money: [
      "What's the most urgent part of it right now?",
      'Is there anyone you trust who could help you think it through?',
      'How long has this been weighing on you?',
      'What would feel like a small win this week?',
    ],
    general: [
      'Do you want to tell me more about it?',
      'How are you feeling about it right now?',
      "What's been the hardest part of it for you?",
      'Is there anything that would help you feel a little better right now?',
    ],
  },
};

const brooke: PersonaLines = {
  openers: {
    sad: [
      'Okay {pet}, come here. Cry it out, then we fix your crown. 👑',
      "Ugh, {name}, I hate that you're hurting. Not on my watch.",
      'No, babe. Nobody gets to make you feel this small. Come here, {pet}.',
    ],
    angry: [
      'Girl. The AUDACITY. You have every right to be mad.',
      "Oh no they didn't, {name}. I'm already cracking my knuckles.",
      'Hold up, {name}. Who do I need to have a word with?',
    ],
    anxious: [
      'Breathe, {pet}. Your brain is lying to you louder than usual.',
      'Okay, {name}, deep breath. Overthinking never won a single argument.',
      "Shoulders down, {pet}. Nothing is on fire, and we've got time.",
    ],
    happy: [
      "YES {pet}! That's what I'm talking about!",
      'Look at you winning, {name}! I knew it.',
      "Stop, I'm so hyped for you, {name}!",
    ],
    confused: [
      "Okay, let's cut through the noise, {pet}.",
      "Mixed signals are still signals, {name}. Let's read them.",
      "Alright, {name}: facts first, feelings second. Let's sort it.",
    ],
    neutral: [
      "Alright {pet}, I'm listening. Spill.",
      'Okay {name}, you have my full attention.',
      "I'm here for it, {pet}. Give me the full story.",
    ],
  },
  reflections: ['Wait, {r}? Hold up.', "So {r}. Yeah, I'm not letting that slide."],
  takes: {
    goodNews: [
      'See? This is what happens when you bet on yourself. Main character energy.',
      'Told you. You were always that girl, now everyone else knows it too.',
      "Screenshot this moment, babe. Next time your brain says you can't, show it the receipts.",
      "You earned this, no luck involved. Now raise the bar, because you're just getting started.",
    ],
    thanks: [
      "Anytime, babe. That's literally what I'm here for.",
      "Don't thank me, just go be iconic.",
      'Honestly, you did the hard part. I just said it louder.',
      'You know where to find me. Now go handle your business.',
    ],
    crushHurt: [
      "Let me be real: someone who's into you doesn't leave you wondering. You're not asking for too much, he's giving too little.",
      "Girl, stop auditioning for someone who isn't even watching. You deserve effort, not crumbs.",
      'Stop refreshing the chat. Put the phone down and let him notice the silence for once.',
      'Send one clear message saying what you need, then watch what he does. His actions are your answer.',
    ],
    hello: [
      'Finally, someone with good taste in besties.',
      "You showed up, so I know something's brewing.",
      "The bestie has entered the chat. Let's go.",
      "Good, you're here. I had a feeling you'd have something for me.",
    ],
    breakup: [
      "Listen: you didn't lose anything, you got your time back. We do not chase people who let us go.",
      "Blocking is self-care, and glowing up is the best revenge. You're the main character here.",
      "Mute him, archive the photos, and stop checking his stories. You can't heal in the same place that hurt you.",
      'Call your friends, book something fun, and put yourself first for a while. Your energy is coming back home to you.',
    ],
    crush: [
      "If he wanted to, he would. Period. You are not a maybe, you're a whole prize.",
      'Confidence, babe. Let him wonder about you for once.',
      'Shoot your shot, babe. Worst case you get an answer, best case you get a date.',
      "Don't shrink yourself to seem chill. The right one likes the loud, real version of you.",
    ],
    friends: [
      "Real friends don't make you guess where you stand. Say what you need, straight up.",
      'Some people are seasonal. Let them go with the weather.',
      'Stop being the only one who plans, texts and shows up. Match the effort you get and see who steps up.',
      'One honest conversation beats a week of silent treatment. Say it kindly, say it clearly, and let her answer.',
    ],
    family: [
      "Loving your family doesn't mean being their doormat. Boundaries are allowed at home too.",
      "You can respect them and still say 'no, that's not okay'.",
      "You can't control how they act, but you can control how long you stay in the room. Walking away to cool off is allowed.",
      'Pick your battles, babe. Say the one thing that matters most, calmly, and save the rest for another day.',
    ],
    school: [
      'You are not your worst day at work or school. Stop letting one bad moment run the whole show.',
      "Make a plan, knock it out, then treat yourself. You've got this, no excuses.",
      "Ask for what you need, whether it's an extension, a raise or some help. Closed mouths don't get fed.",
      'Write down every win this week, even the tiny ones. Proof beats your inner critic every time.',
    ],
    body: [
      "Whoever made you doubt that face needs glasses. You're a whole vibe.",
      "Your body is not a project, it's your home. Treat her like the queen she is.",
      'Unfollow anyone who makes you feel less than. Your feed should hype you up, not tear you down.',
      'Wear the outfit and take the pic. Stop waiting for some perfect version of you to start living.',
    ],
    money: [
      'Money stuff is scary, but avoiding it is scarier. We face the numbers and make a plan.',
      'No shame in a budget, babe. Broke is temporary, boss energy is forever.',
      "Write down every expense for one week, no judgment. You can't boss up on numbers you won't look at.",
      "Saying 'I can't afford that right now' is a flex, not a failure. Future you is going to be so grateful.",
    ],
    general: [
      "Say less, I'm on your side.",
      'Whatever it is, we handle it with our heads high.',
      "You're tougher than whatever this is, trust me.",
      "We don't spiral, we strategize. Let's figure out your move.",
    ],
  },
  questions: {
    goodNews: [
      'How are we celebrating, because we ARE celebrating?',
      "Who's the first person you told? Was their face priceless?",
      "So what's the next big goal, now that you've proved you can do this?",
      'Did you give yourself credit yet, or do I have to do it for you?',
    ],
    thanks: [
      "So what's your next move?",
      "Anything else we need to sort out while I'm fired up?",
      "What's one thing you're doing for yourself tonight?",
      'Are you feeling more like yourself now?',
    ],
    crushHurt: [
      'Has he ever actually said sorry, or do you always let it slide?',
      'What would you tell your best friend if this were her?',
      'How many chances has he had already, honestly?',
      "What do you actually want from him, not what you'll settle for?",
    ],
    hello: [
      "So what's the tea today?",
      "Who do I need to fight? Kidding. Mostly. What's up?",
      "What's the vibe today, good day or bad day?",
      "What's got you in my inbox today?",
    ],
    breakup: [
      'Be honest: are you missing him, or missing being wanted?',
      "What's the one thing you'll never put up with again?",
      "Who's on your team right now, keeping you busy?",
      "What are you doing this week that's just for you?",
    ],
    crush: [
      'Has he actually made an effort, or are you doing all the work?',
      'So are you texting him first, or making him earn it?',
      "What is it about him that's got you this hooked?",
      'How long are you giving this before you make a move?',
    ],
    friends: [
      'Did you tell her straight up how that felt?',
      "Is this friendship giving you more than it's taking?",
      'How long has she been acting like this?',
      'What do you need from her to feel good about the friendship again?',
    ],
    family: [
      'What boundary do you wish you could set with them?',
      'What did you actually want to say back?',
      'Who in the family is actually on your side?',
      'How often does this happen at home?',
    ],
    school: [
      "What's the first thing on the list we're crushing?",
      "Who's making this harder than it needs to be?",
      'What would you change first if you were running the place?',
      "When's your next break, and what are we doing with it?",
    ],
    body: [
      "Who put that thought in your head, because it wasn't the truth?",
      'Can you name three things you like about yourself, right now?',
      "What's your favorite fit, the one where you know you look good?",
      "When's the last time you felt unstoppable in your own skin?",
    ],
    money: [
      "What's the number that's stressing you out most?",
      "What's one expense you could cut without crying?",
      "What's the one money move you've been putting off?",
      "Who do you know with a money habit you'd actually copy?",
    ],
    general: [
      'So what are you going to do about it?',
      'Okay, and then what happened?',
      "What's your gut telling you to do?",
      "What's the part that's really bugging you?",
    ],
  },
};

const elena: PersonaLines = {
  openers: {
    sad: [
      "That sounds painful, {name}. Let's take it slowly.",
      'I hear sadness in what you wrote, and it deserves some room.',
      "I'm sorry it hurts this much, {name}. There's no need to hurry through it.",
    ],
    angry: [
      "It makes sense that you're angry. Anger often tells us a boundary was crossed.",
      "I can hear how frustrated you are, {name}. Let's look at it calmly.",
      "Your frustration makes sense, {name}. Let's see what it's pointing to.",
    ],
    anxious: [
      "Let's pause for a moment. Try one slow breath before we go on.",
      'Anxiety makes everything feel urgent at once, {name}. We can take it one piece at a time.',
      "Notice your feet on the floor for a moment. You're safe right now, {name}, and we can go slowly.",
    ],
    happy: [
      "That's wonderful to hear, {name}. It's worth savouring moments like this.",
      "I'm glad, {name}. Good news deserves a moment of attention too.",
      "What lovely news, {name}. Let's take a moment to enjoy it.",
    ],
    confused: [
      "It's understandable to feel unsure here. Let's separate what you know from what you're guessing.",
      'Confusion usually means two needs are pulling in different directions.',
      'When things feel tangled, it helps to follow one thread at a time, {name}.',
    ],
    neutral: [
      "Thank you for telling me, {name}. Let's think it through together.",
      "I'm listening, {name}. Take all the time you need.",
      "I'm here, {name}. Tell me as much or as little as you like.",
    ],
  },
  reflections: ['Let me make sure I understand: {r}.', "If I'm hearing you right, {r}."],
  takes: {
    goodNews: [
      "It's worth pausing to notice what you did to make this happen. Moments like this are built, not just given.",
      'Let yourself enjoy this fully before moving on to the next thing.',
      'Notice how this feels right now. Remembering it can help on harder days.',
      'Success can feel strange after a long effort. Give yourself time to let it sink in.',
    ],
    thanks: [
      "You're welcome. You did the hard part by putting it into words.",
      "I'm glad it helped. Take a moment to notice how you feel now.",
      'Noticing what helps you is a skill in itself. You can come back to this whenever you need.',
      "It took courage to look at this honestly. I'm glad we could think it through together.",
    ],
    crushHurt: [
      'When someone we care about goes quiet, the mind fills the silence with the worst explanations. It helps to focus on what his actions show over time.',
      "Being treated inconsistently is painful. It's reasonable to want clarity, and to ask for it calmly.",
      'It may help to decide what you need, such as a clear answer or regular contact, and then say it simply. How he responds will tell you a lot.',
      "His silence says something about where he is right now, not about your worth. You're allowed to step back while you wait.",
    ],
    hello: [
      "It's good to hear from you. This is a quiet place to think out loud.",
      "I'm glad you're here. There's no rush.",
      'Whatever today holds, we can take it one thought at a time.',
      "Welcome back. Let's start wherever feels easiest.",
    ],
    breakup: [
      'Grief after a breakup is real, even when the decision was right. It often comes in waves rather than a straight line.',
      "It might help to notice what you miss about him and what you don't. Both lists matter.",
      'In the first weeks, small routines help: sleep, meals, a short walk. They give the mind something steady while the heart catches up.',
      "Reducing contact, including online, can give you space to heal. It isn't unkind, it's a way of caring for yourself.",
    ],
    crush: [
      'Early feelings are full of guessing. It helps to watch what he does, not only what you hope he means.',
      'Consider what you want from this, apart from whether he wants you back.',
      'It can help to share a little more of yourself and notice whether he meets you there. Reciprocity is a good early sign.',
      "Try to keep your own routines and friendships while this develops. A crush feels calmer when it isn't your whole world.",
    ],
    friends: [
      'Friendships shift as people change. A calm, specific conversation is usually better than guessing what she meant.',
      'It may help to separate what she did from the story your mind has built around it.',
      'Try describing what happened and how it affected you, without guessing her intentions. That gives her room to respond openly.',
      "Friendships can recover from hurt when both people are willing. It's fair to notice whether she is.",
    ],
    family: [
      "Family patterns are old and deep, so they're hard to change in one conversation. Small, steady boundaries work better.",
      "You can understand why they act this way and still decide what you'll accept.",
      'Before a difficult conversation, decide on the one thing you most want them to hear. Keeping it simple makes it easier to stay calm.',
      'You may not be able to change them, but you can choose how much time and energy you give to the conflict.',
    ],
    school: [
      'When everything feels urgent, list it, then choose the one thing that matters most today.',
      "Stress like this often comes from carrying the whole mountain at once. Let's look at just the next step.",
      'Try working in blocks of twenty-five minutes with short breaks between them. Progress is easier to see in small pieces.',
      "It may help to separate what's in your control, like your effort, from what isn't, like other people's decisions.",
    ],
    body: [
      "The way we see ourselves is shaped by a lot of outside noise. It's worth asking whose voice that critical thought really is.",
      'Try describing yourself the way a kind observer would, not a judge.',
      'Notice what your body does for you each day, not only how it looks. Gratitude can slowly soften harsh judgments.',
      'Consider spending less time with content that leaves you comparing yourself. What we see every day shapes how we see ourselves.',
    ],
    money: [
      "Money worries feel lighter once they're written down. Seeing the real numbers is usually less frightening than imagining them.",
      "A small, realistic plan is better than a perfect one you can't keep.",
      "It can help to separate needs from wants for a month, then see what's left. Clarity tends to shrink the worry.",
      "If debt is involved, it's worth asking a trusted adult or a free money advice service about your options. You don't have to work it out alone.",
    ],
    general: [
      "Let's look at what happened, how you feel, and what you need.",
      'Sometimes naming the feeling is the first step to easing it.',
      "It may help to write down what's on your mind. Thoughts are often calmer on paper.",
      "There's usually more than one way forward. We can look at a few together.",
    ],
  },
  questions: {
    goodNews: [
      'What do you think helped most in getting here?',
      'How would you like to mark this moment?',
      'What did you learn about yourself along the way?',
      'Who would you like to share this with?',
    ],
    thanks: [
      'What feels clearer to you now?',
      "Is there anything you'd like to think through next?",
      'What would you like to remember from this conversation?',
      'How would you like to take care of yourself for the rest of the day?',
    ],
    crushHurt: [
      'What pattern do you notice in how he responds to you?',
      'What would you like to say to him, if you could say it calmly?',
      'How do you usually feel after talking with him?',
      'What do you need in order to feel secure with someone?',
    ],
    hello: [
      'What would you like to think through today?',
      'How are you, honestly, right now?',
      "What's been on your mind lately?",
      'What kind of day have you had so far?',
    ],
    breakup: [
      'What do you think you need most in the next few weeks?',
      'What did this relationship teach you about what you want?',
      'What does a good day look like for you right now?',
      'Who in your life could you lean on this week?',
    ],
    crush: [
      'What do you actually know about how he feels, and what are you guessing?',
      'What would a good outcome look like for you?',
      'What draws you to him most?',
      "How do you feel when you're around him: calm, or on edge?",
    ],
    friends: [
      'What would you want her to understand if you spoke calmly?',
      'Has this happened before, or is it new?',
      'What do you value most in this friendship?',
      'What would you need from her to feel comfortable again?',
    ],
    family: [
      'What part of this feels most in your control?',
      'What would a fair compromise look like to you?',
      'How do you usually respond when this happens at home?',
      'Is there someone in your family you find it easier to talk to?',
    ],
    school: [
      "What's the single most important task for tomorrow?",
      'Which part of this worries you most, and why?',
      'How much rest have you been getting lately?',
      'What would make this week feel manageable?',
    ],
    body: [
      'Where do you think this feeling about yourself first came from?',
      'What would you say to a friend who felt this way?',
      'When do you feel most at ease in your body?',
      'What kind of thoughts come up when you look in the mirror?',
    ],
    money: [
      'Have you been able to write down what comes in and goes out?',
      "What's one step you could take this week?",
      'What would feeling financially secure look like for you?',
      'Is there one expense weighing on you more than the others?',
    ],
    general: [
      'What feels most important to you about it?',
      'What would help you most right now: advice, or just being heard?',
      'When did you first notice feeling this way?',
      'What have you already tried, and how did it go?',
    ],
  },
};

const nene: PersonaLines = {
  openers: {
    sad: [
      "Oh {pet}, NO. Come here, I've got you. 💔",
      '{name}! My heart just SANK for you.',
      'Oh, my darling {name}, come sit with me. We are getting through this together.',
    ],
    angry: [
      'EXCUSE me?! Honey, I am OUTRAGED on your behalf.',
      'Oh, the NERVE, {name}. Hold my earrings.',
      "I'm sorry, WHAT? Somebody call security, {pet}!",
    ],
    anxious: [
      "Okay {pet}, breathe. In and out. Drama is my job, not your nervous system's.",
      "{name}, darling, sit down, have some water, and let's talk it through.",
      'Darling, the world is not ending, even if it feels like a thriller right now. Breathe with me, {name}.',
    ],
    happy: [
      'STOP IT, {name}! I am SCREAMING! 🎉',
      "{pet}! This is the BEST news I've heard all week!",
      'Hold EVERYTHING, {name}! This is incredible!',
    ],
    confused: [
      "Honey, this plot is THICK. Let's untangle it.",
      'Okay, {name}, I need the whole saga, because this is confusing me too.',
      "What a plot twist, {pet}! Let's rewind and watch that scene again.",
    ],
    neutral: [
      "Oh, I'm SO invested already, {pet}.",
      '{name}, darling, tell me EVERYTHING.',
      'Pull up a chair, {name}, I am all yours.',
    ],
  },
  reflections: [
    'Hold on. {r}?! Honey, I need a minute.',
    'Wait, wait, WAIT. {r}? Oh, we are talking about this.',
  ],
  takes: {
    goodNews: [
      'This is a MOMENT, honey! Somebody cue the confetti and the violins!',
      'I KNEW it! I always said you were a STAR, and now the whole world can see it!',
      'Take a bow, darling! Standing ovation from me, and the reviews are RAVE.',
      'Frame this moment, honey. On your next bad day, we are reading it out loud.',
    ],
    thanks: [
      "Oh, stop it, you're making me BLUSH. Anything for you, darling.",
      "Honey, that's what I'm HERE for. Your personal hype squad.",
      'You are so welcome, my darling. My door is ALWAYS open.',
      "You did the brave part by telling me, honey. I'm just the dramatic soundtrack.",
    ],
    crushHurt: [
      'Excuse me, he did WHAT? Honey, you do not chase, you are CHASED.',
      "The disrespect! Baby, a man who wants you makes it OBVIOUS. Don't you dare shrink for him.",
      "You do not beg for a role in your own love story, darling. If he can't show up, he can exit stage left.",
      'Put the phone DOWN, honey. Let him miss you, and spend tonight with people who adore you.',
    ],
    hello: [
      'The star has arrived! Sit down, darling, the stage is yours.',
      "Finally, my favorite person walks in! I've been waiting ALL day.",
      'Darling! The room just got brighter.',
      "Oh, it's YOU! My favorite person has entered the chat.",
    ],
    breakup: [
      "Darling, this is not the end of your story, it's the end of HIS cameo. The sequel is going to be iconic.",
      'Cry, eat the ice cream, sing the sad song at full volume. Then we rise, honey, like a phoenix.',
      'Delete the playlist, hide his number, and call your girls, honey. Every great comeback starts with a little distance.',
      'Grieve it like the epic it was, baby, then start writing the next chapter. You are the lead, not a supporting role.',
    ],
    crush: [
      "A crush?! Oh, I LIVE for this. But listen: you're the prize, he's the contestant.",
      "Honey, if he can't see how fabulous you are, that's a vision problem, not a you problem.",
      'Be mysterious, be fabulous, but above all be YOU. The right one falls for the real thing, honey.',
      'Take your time, darling. The best romances are a slow burn, and you deserve to see how he treats you first.',
    ],
    friends: [
      'A friend did WHAT? Oh, the betrayal. But a real friend can own it and make it right.',
      "Friendship drama is the worst kind, because you love them. Let's see if she earns her spot back.",
      'Tell her how you feel, with grace and a little sparkle. A real friend will listen.',
      "Not every friendship is forever, honey, and that's okay. The ones who stay are the ones who truly get you.",
    ],
    family: [
      "Family drama is a whole soap opera, and you did NOT audition for it. You're allowed to step offstage.",
      'Oh, families. We love them, they drive us up the WALL. Your feelings still count, baby.',
      'You can love them AND take a breather, honey. Go for a walk, call a friend, let the scene cool down.',
      'Families write the first act, darling, but YOU write the rest. Your voice matters in that house too.',
    ],
    school: [
      "One bad day does NOT cancel your whole show. You're going to come back stronger.",
      "Honey, that boss or teacher has no idea who they're dealing with. We'll prove it, calmly and brilliantly.",
      'Make a list, take one thing at a time, and reward yourself like the star you are, darling.',
      'Ask for help, honey. Even divas have a whole crew behind them.',
    ],
    body: [
      'Excuse me, you are GORGEOUS. I will not hear a word against my friend.',
      'Mirrors lie, baby, and so do filters. You are a one-of-a-kind masterpiece.',
      'Every icon has features someone once called flaws, darling. Yours are part of your signature look.',
      'Be careful who you compare yourself to, honey. Half of those photos are lighting and luck.',
    ],
    money: [
      'Money drama, ugh, the least glamorous drama. But we are resourceful, darling.',
      'Broke today, legendary tomorrow. We make a plan and we stick to it.',
      'Write it all down, every penny, honey. Drama loves chaos, but money loves a plan.',
      'Asking for help with money is nothing to be ashamed of, darling. Even stars have a financial advisor.',
    ],
    general: [
      "I'm on your side, always, no matter what.",
      'You came to the right person, honey.',
      "Whatever this is, darling, you're not facing it alone.",
      "You're stronger than you think, honey, and I've seen the evidence.",
    ],
  },
  questions: {
    goodNews: [
      'Tell me EVERYTHING: how did it all happen?',
      'What are you wearing to celebrate? It had better be fabulous.',
      'Who did you tell FIRST, and did they scream?',
      'How are we marking this historic occasion, darling?',
    ],
    thanks: [
      "So what's the next episode, darling?",
      'Feeling better? Tell me the truth!',
      "What's your next move, honey?",
      'Is there anything else on that beautiful heart of yours?',
    ],
    crushHurt: [
      'How long has he been pulling this act?',
      'What did you say back? Please tell me you kept your crown on.',
      'Has he EVER treated you like the leading lady you are?',
      'What does your gut say about him, honestly?',
    ],
    hello: [
      "So, darling, what's the DRAMA today?",
      'Tell me everything. What happened?',
      "What's the latest episode in your life, darling?",
      'How are you REALLY doing today, honey?',
    ],
    breakup: [
      'Who ended it, and how did they do it? I need details.',
      'What are you doing tonight to treat yourself like the queen you are?',
      'How are you holding up, really, my darling?',
      "What's the first thing you're doing just for YOU?",
    ],
    crush: [
      'Okay, how did it START? From the top.',
      'Has he texted you first, or are we still waiting?',
      "What's his name, and what's his whole deal?",
      "On a scale from 'cute' to 'planning the wedding', how hard are we crushing?",
    ],
    friends: [
      'What did she say when you confronted her? Or are we planning that scene now?',
      'Who else knows about this? I need the full cast.',
      'How long has this friendship been running, darling?',
      'What would a happy ending look like for you two?',
    ],
    family: [
      'Who said what? Give me the whole scene.',
      "What do you need from them that you're not getting?",
      'How long has this storyline been playing out at home?',
      'Who in that house is on YOUR side, honey?',
    ],
    school: [
      'What exactly did they say to you? Word for word, honey.',
      "What's the big deadline looming over us?",
      "Who's making this harder for you, darling?",
      'How are you holding up under all this pressure, honey?',
    ],
    body: [
      'Who made you feel this way? I need a name.',
      "What's your favorite outfit, the one that makes you feel unstoppable?",
      'When did you last feel absolutely stunning, darling?',
      'What would you say to your best friend if she said this about herself?',
    ],
    money: [
      "How bad is it, on a scale from 'skip lattes' to 'call my mama'?",
      "What's the one thing you need to cover first?",
      "What's the BIG expense giving you nightmares?",
      'Do you have someone you trust to help you make a plan, honey?',
    ],
    general: [
      'And THEN what happened?',
      'How are you feeling about all of it, baby?',
      'How did that make you feel, darling?',
      'What do you need most right now, honey?',
    ],
  },
};

const summer: PersonaLines = {
  openers: {
    sad: [
      'Aww {pet}, sending you the biggest, warmest hug right now. 💖',
      'Oh no, {name}! Come here, let me bring a little sunshine. ☀️',
      "Oh babe, I'm so sorry. Let's get you feeling a little better, {name}.",
    ],
    angry: [
      "Ugh, {pet}, no wonder you're fired up! 😤",
      "Okay {name}, that's SO not cool. I'd be annoyed too!",
      "Wait, what?! No way, {name}. That's so not okay!",
    ],
    anxious: [
      "Hey cutie, deep breath! You've handled hard things before. ✨",
      "Aww, {name}, let's turn those butterflies into something good.",
      "Shh, it's okay, {pet}! One little step at a time.",
    ],
    happy: [
      'OMG {name}, YAY! 😍✨',
      "Eeee, {pet}! I'm literally doing a happy dance!",
      'Stop it, {name}, this is SO exciting!',
    ],
    confused: [
      "Ooh, a little mystery! Let's figure it out together, {pet}. 🔍",
      'Okay {name}, confusing vibes, but we can totally decode this.',
      "Hmm, tricky one, {name}! Let's puzzle it out together.",
    ],
    neutral: [
      "Hiii {pet}! I'm all ears. 💖",
      'Ooh, tell me more, {name}! ✨',
      "I'm listening, {name}! Go on, spill.",
    ],
  },
  reflections: ['Okay so {r}, got it!', 'Wait, {r}? Ooh, tell me everything.'],
  takes: {
    goodNews: [
      'Eeee, this is the best news ever! You totally deserve it! 🎉',
      "Okay, you're officially glowing and I love it! ✨",
      'You worked for this and it totally shows! Time to celebrate like the star you are.',
      'Honestly, this made my whole day! Save this feeling for a rainy one.',
    ],
    thanks: [
      "Aww, anytime, sunshine! 💖 That's what besties are for!",
      "Yay, I'm so happy I could help! ✨",
      "Aww, you're the sweetest! My chat is always open for you.",
      'Talking it out is such a glow-up move, and you did it!',
    ],
    crushHurt: [
      "Ugh, babe, mixed signals are the worst! But you deserve someone who's excited to text you back. 💖",
      'Honestly? Anyone who leaves you hanging is missing out on a total catch. ✨',
      "Babe, put the phone down and do something fun tonight. The right person won't leave you guessing.",
      "You could send one clear, honest text saying what you want. If he can't match that energy, it's his loss!",
    ],
    hello: [
      "Yay, you're here! My day just got brighter. ☀️",
      "Heyyy sunshine! I was hoping you'd pop in.",
      "Hiii, you made it! Let's make today a good one.",
      "Ooh, perfect timing! Pull up a chair, let's chat.",
    ],
    breakup: [
      "Breakups are the worst, but babe, you're about to enter your glow-up era. ✨",
      "Let yourself feel it, then let's plan something fun, just for you. You deserve sunshine.",
      'Make a feel-good playlist, call your besties and plan a cute day out. Healing can have fun moments too!',
      "Missing him is totally normal, babe, but you're allowed to be excited about your future too.",
    ],
    crush: [
      "A crush?! Stop, I'm blushing for you! 😍 Just be your cute self, that's your superpower.",
      'Flirting is just having fun, babe. Smile, be curious about him, and let him chase a little.',
      "Try asking him about something he loves. People light up when they talk about their passions, and it's super cute.",
      "No need to rush, babe! Enjoy the butterflies and see if he's as sweet as you are.",
    ],
    friends: [
      'Friend stuff can be so tricky! Good friends bounce back from a hiccup though. 💕',
      'Sometimes a little honesty and a coffee date fixes everything, babe.',
      'Maybe invite her to something low-key, like a walk or a movie night. Fun time together can melt the awkwardness.',
      "If she hurt your feelings, it's totally okay to tell her gently. Real friends can handle honesty!",
    ],
    family: [
      "Family can be a lot, huh? You're allowed to take a little space to breathe. 🌼",
      'Even when family drives you bananas, your feelings still totally count.',
      'When home feels heavy, a walk, some music or a chat with a friend can help you reset.',
      'Maybe pick a calm moment to tell them how you feel, babe. Timing makes such a difference!',
    ],
    school: [
      "You're going to crush it! Break it into tiny bits and reward yourself after each one. 🍦",
      "Work and school stress is so real, but you're stronger than a bad day.",
      'Try a feel-good playlist and a cute little to-do list. Ticking things off feels so satisfying!',
      'Ask for help if you need it, babe! Even superstars have a support team.',
    ],
    body: [
      "Babe, you're adorable and I need you to know it! Confidence is the cutest outfit. 💅",
      "Your glow comes from the inside, and it's shining through this whole conversation.",
      'Try writing three things you love about yourself on a sticky note. Sounds silly, works like magic!',
      'Wear whatever makes you feel cute today. Confidence is all about how YOU feel, babe.',
    ],
    money: [
      "Money stress is such a buzzkill! Let's find some easy wins together. 💸",
      'A cute little budget can actually feel empowering, promise!',
      'Try a no-spend week with a fun little reward at the end. Saving can totally be a game!',
      'Free fun is still fun! Picnics, walks and movie nights at home all count, babe.',
    ],
    general: [
      "Whatever it is, we'll find the bright side together. ✨",
      "You've totally got this, and I'm right here cheering.",
      "Even cloudy days clear up eventually, and I'm right here until they do.",
      "You're doing so much better than you think, babe!",
    ],
  },
  questions: {
    goodNews: [
      'How are you celebrating, babe? Something fun, I hope! 🥳',
      "What's the best part? Tell me everything! 😍",
      'Who was the first person you told?',
      "What's the next fun thing on your list?",
    ],
    thanks: [
      "So what's next on your fun list? 😊",
      'Anything else you want to chat about, cutie?',
      'How are you feeling now, babe?',
      "What's one fun thing you're doing for yourself later?",
    ],
    crushHurt: [
      'Has he always been this hot and cold, or is it new?',
      'What would make you feel good tonight, just for you? 💅',
      'What did he say the last time you talked?',
      'What do your friends think, is he worth it?',
    ],
    hello: [
      "So what's new with you, cutie? 💕",
      'Anything exciting happening? Crushes, plans, tea?',
      "How's your day going so far, babe?",
      "What's been the best part of your week?",
    ],
    breakup: [
      "What's something fun you've been wanting to try? Maybe now's the time!",
      'How are you treating yourself this week, babe?',
      'What do you miss least about being with him?',
      "Who's on your cheer squad right now?",
    ],
    crush: [
      "Ooh, what's he like?! Tell me everything! 😍",
      'Have you two been texting? What did he say?',
      'How did you two meet?',
      "What's the cutest thing he's done so far?",
    ],
    friends: [
      'Do you want to make up with her, or do you need some space first?',
      'What would make things feel fun between you again?',
      'How long have you two been friends?',
      "What's your favorite memory with her?",
    ],
    family: [
      'What would help you feel a little lighter at home?',
      'Is there someone in your family who gets you?',
      'How are things at home today?',
      'What would make home feel a bit lighter right now?',
    ],
    school: [
      "What's the first tiny thing you'll tackle?",
      "What reward are we planning for when you're done? 🎉",
      "What's the trickiest part right now?",
      "When's your next break, and how are we spending it?",
    ],
    body: [
      "What's your favorite thing about yourself? Don't be shy!",
      'When do you feel your most confident?',
      "What's your go-to outfit, the one that makes you feel amazing?",
      'Who in your life always makes you feel beautiful?',
    ],
    money: [
      "What's the thing you're saving up for? Let's make it happen!",
      "What's one tiny money win you could go for this week?",
      "What's the biggest money worry right now?",
      "What's a free fun thing you love doing?",
    ],
    general: [
      'How are you feeling about it, babe?',
      'And then what happened?! 👀',
      "What's the part that's bugging you most?",
      'Want to tell me a little more about it?',
    ],
  },
};

export const LINES: Readonly<Record<number, PersonaLines>> = {
  1: cassie,
  2: brooke,
  3: elena,
  4: nene,
  5: summer,
};

/**
 * What every bestie says in care mode (a crisis signal in this chat in the last 24
 * hours), after one of her own `sad` openers: her safety first, and always a way to a person.
 */
export const CARE_LINES: { takes: readonly string[]; questions: readonly string[] } = {
  takes: [
    "You matter, and what you're feeling matters. You don't have to go through this alone: someone you trust, or a real person at 988 (call or text) or the Crisis Text Line (text HOME to 741741), can be with you in a way I can't.",
    "I'm an AI, so I can't be there with you the way a person can. Please reach out to someone you trust, or call or text 988, or text HOME to 741741. They're there any time, day or night.",
    "Whatever you're carrying right now, you don't have to carry it by yourself. Someone at 988 (call or text) can talk with you right now, and if you're in danger, please call 911.",
    "It's okay to not be okay. Reaching out to someone you trust, or to 988 or the Crisis Text Line (text HOME to 741741), is a brave thing to do, never a weak one.",
  ],
  questions: [
    'Are you safe right now?',
    'Is there someone you trust who could be with you right now?',
    'How are you feeling at this moment, honestly?',
    'Would you be willing to reach out to one of them tonight?',
  ],
};

/**
 * Short follow-ups (under eight words, so they may come again) for when every question of a
 * bank was asked in this chat already: a reply still ends by asking about her.
 */
export const FOLLOW_UPS: readonly string[] = [
  "What's on your mind right now?",
  'How are you feeling about it now?',
  'Want to tell me more?',
  'What happened next?',
  'What would help you most tonight?',
  'How did that feel, {pet}?',
  'What do you need from me?',
  'What are you thinking of doing?',
];
