/**
 * `npm run bench:repetition`: does a bestie repeat herself? 100 scripted chats of 12 turns
 * each, sent through the real server (its built-in engine, or the model configured with
 * OPENAI_BASE_URL and the rest, as the server reads them), to every bestie in turn, by a
 * user whose plan shows replies whole. A reply repeats when it holds a sentence of eight
 * words or more that an earlier reply of the same chat held (compared without case or
 * punctuation). Prints a table; exits 1 when any reply repeats.
 *
 * Her messages are everyday troubles and news. One read as a crisis puts its chat in care
 * mode, whose help (a person to reach, 988) is said whole every time, on purpose: the rest of
 * that chat is not counted, and the table says how many chats that was.
 */
import { PERSONAS } from '@shared/personas';
import { grant, signedInClient } from '../tests/integration/fakes/besties';
import { startTestServer } from '../tests/integration/harness';
import { LONG_SENTENCE_WORDS, longSentences } from '../sync-server/src/replies/repetition';
import type { Check } from './report';
import { report } from './report';

const CHATS = Number(process.env.BENCH_REPETITION_CHATS ?? 100);
const TURNS = 12;

/** What she says, by theme: each chat keeps to one or two themes, as a real chat does. */
const SCRIPT: Record<string, string[]> = {
  boyfriend: [
    'my boyfriend has been so distant lately',
    'he left me on read again',
    'should I text him first or wait',
    'he said he needs space and I do not know what that means',
    'we had a fight about his ex',
    'I think he is hiding something',
    'he cancelled our date for the third time',
    'he finally texted back but it was so dry',
    'I still love him though',
    'am I asking for too much',
    'my friends say he is bad for me',
    'he apologised but I do not believe him',
  ],
  friends: [
    'my best friend is ignoring me',
    'they made a group chat without me',
    'I feel like I am always the one reaching out',
    'she told my secret to everyone',
    'I do not know if I should confront her',
    'we used to be so close',
    'she keeps cancelling plans',
    'I saw them all hanging out on her story',
    'maybe I am the problem',
    'how do I make new friends',
    'she said sorry but it feels fake',
    'I miss how things used to be',
  ],
  school: [
    'I have three exams next week',
    'I failed my chemistry test',
    'I cannot focus on studying at all',
    'my teacher embarrassed me in front of the class',
    'I am so behind on everything',
    'my parents will be so disappointed',
    'I procrastinated all weekend again',
    'everyone else seems to get it so easily',
    'I have a presentation tomorrow and I am terrified',
    'I do not even know what I want to study',
    'I stayed up all night and still did not finish',
    'maybe I am just not smart enough',
  ],
  work: [
    'my boss yelled at me today',
    'I have so much work I cannot breathe',
    'I think I want to quit my job',
    'my coworker took credit for my idea',
    'I have an interview on friday',
    'I hate going in every morning',
    'I messed up an important email',
    'they gave the promotion to someone else',
    'I work all the time and have no life',
    'should I ask for a raise',
    'I feel invisible at work',
    'I got feedback that hurt my feelings',
  ],
  family: [
    'my mom and I had a huge fight',
    'my parents are getting divorced',
    'my sister always gets everything',
    'my dad never listens to me',
    'I feel like a disappointment to my family',
    'family dinners are so tense',
    'my mom reads my messages',
    'they compare me to my cousin all the time',
    'I want to move out so badly',
    'my brother is being so mean',
    'nobody at home understands me',
    'I miss my grandma',
  ],
  self: [
    'I feel so ugly today',
    'I hate how I look in photos',
    'I compare myself to everyone on instagram',
    'nobody in the group texts me back anymore',
    'I am so tired all the time',
    'I feel lonely even with people around',
    'I cannot stop overthinking',
    'I feel anxious for no reason',
    'I do not like who I am lately',
    'I want to be more confident',
    'I cried in the bathroom at lunch',
    'everything feels like too much right now',
  ],
  good: [
    'I got the job!!',
    'he asked me out finally',
    'I passed my driving test',
    'I got an A on my essay',
    'my friend and I made up',
    'I finally finished my project',
    'I went to the gym three days in a row',
    'I got into the university I wanted',
    'today was actually a really good day',
    'I tried something new and loved it',
    'my mom said she is proud of me',
    'I bought the dress and I look amazing',
  ],
  chat: [
    'hi',
    'hey how are you',
    'thank you so much',
    'what should I watch tonight',
    'I am bored',
    'what do you think about astrology',
    'can you help me pick an outfit',
    'tell me something nice',
    'thanks that helps',
    'lol',
    'ok',
    'good morning',
  ],
};
const THEMES = Object.keys(SCRIPT);

/** A deterministic shuffle (the bench sends the same chats every run). */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Her 12 messages for chat `index`: mostly one theme, with a few from another. */
function scriptOf(index: number): string[] {
  const random = seeded(index + 1);
  const main = SCRIPT[THEMES[index % THEMES.length] as string] as string[];
  const other = SCRIPT[THEMES[(index * 3 + 1) % THEMES.length] as string] as string[];
  return Array.from({ length: TURNS }, () => {
    const bank = random() < 0.75 ? main : other;
    return bank[Math.floor(random() * bank.length)] as string;
  });
}

async function main() {
  // Her hourly limit raised: the bench sends 1,200 messages in a minute or two.
  const model = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[0].startsWith('OPENAI_') && entry[1] !== undefined,
  );
  const server = await startTestServer({
    env: {
      BUILTIN_REPLY_PIECE_DELAY_MS: '0',
      REPLY_LIMIT_PAID_PER_HOUR: '100000',
      ...Object.fromEntries(model),
    },
  });
  try {
    const { client, userId } = await signedInClient(server, 'repetition');
    await grant(server, userId, 'vip');
    let replies = 0;
    let repeated = 0;
    let inCare = 0;
    const examples: string[] = [];
    for (let index = 0; index < CHATS; index += 1) {
      const persona = PERSONAS[index % PERSONAS.length];
      const [first, ...rest] = scriptOf(index);
      const chat = await client.post('/api/chats', { message: first, personaId: persona?.id });
      if (chat.status !== 201) throw new Error(`create answered ${chat.status}: ${chat.text}`);
      const seen = new Set<string>();
      const check = (reply: string) => {
        replies += 1;
        const sentences = longSentences(reply);
        const again = sentences.filter((sentence) => seen.has(sentence));
        if (again.length > 0) {
          repeated += 1;
          if (examples.length < 5) examples.push(`${persona?.name}: "${again[0]}"`);
        }
        for (const sentence of sentences) seen.add(sentence);
      };
      const opened = chat.body.messages as { message: string; isCrisis: boolean }[];
      if (opened.some((message) => message.isCrisis)) {
        inCare += 1;
        continue;
      }
      check(opened.at(-1)?.message ?? '');
      for (const message of rest) {
        const sent = await client.post(`/api/chats/${chat.body.id}/messages`, { message });
        if (sent.status !== 201) throw new Error(`send answered ${sent.status}: ${sent.text}`);
        if (sent.body.reply.isCrisis) {
          inCare += 1;
          break;
        }
        check(sent.body.reply.message as string);
      }
    }
    const checks: Check[] = [
      {
        measure: `replies repeating a sentence of ${LONG_SENTENCE_WORDS}+ words from an earlier reply of the chat (${CHATS} chats × ${TURNS} turns)`,
        value: `${repeated} of ${replies}`,
        budget: '0',
        ok: repeated === 0,
      },
    ];
    checks.push({
      measure: 'chats read as a crisis on the way (care mode from there on, not counted)',
      value: String(inCare),
      budget: '',
      ok: true,
    });
    for (const example of examples) {
      checks.push({ measure: 'a repeated sentence', value: example, budget: '', ok: true });
    }
    report('repetition', checks);
  } finally {
    await server.stop();
  }
}

await main();
