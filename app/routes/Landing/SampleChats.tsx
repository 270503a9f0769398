import { personaById, type Persona } from '@shared/personas';
import { PersonaAvatar } from '../../components/ui/PersonaAvatar';

interface SampleChat {
  personaId: number;
  question: string;
  answer: string;
}

/** Made-up examples of the tone each bestie takes; labelled as samples on the page. */
const SAMPLES: SampleChat[] = [
  {
    personaId: 1,
    question: "I said something awkward in the group chat and I can't stop replaying it 😩",
    answer:
      "Oh babe, I promise nobody is thinking about it as hard as you are. Tell me what you said and we'll decide together if it even needs a follow-up. 💕",
  },
  {
    personaId: 2,
    question: 'My manager took credit for my idea in the meeting today.',
    answer:
      "Excuse me?? Okay, deep breath. Send a friendly recap email: 'as I proposed on Monday…'. Receipts, bestie. Want me to help you draft it?",
  },
  {
    personaId: 5,
    question: 'He texted "wyd" at 11pm. Do I answer??',
    answer:
      "Ooh, the classic late-night 'wyd' 👀 Do you want a 2am chat or a real date? Let's write a reply that gets you the second one. ☀️",
  },
];

function SampleChatCard({ persona, sample }: { persona: Persona; sample: SampleChat }) {
  return (
    <li className="card sample-chat">
      <p className="sample-chat__label">
        <PersonaAvatar persona={persona} size={32} />
        <span>
          <strong>{persona.name}</strong> · sample chat with an AI bestie
        </span>
      </p>
      <p className="bubble bubble--user">{sample.question}</p>
      <p className="bubble bubble--bestie">{sample.answer}</p>
    </li>
  );
}

/** What your bestie might say: three sample conversations. */
export function SampleChats() {
  return (
    <ul className="sample-chats">
      {SAMPLES.map((sample) => {
        const persona = personaById(sample.personaId);
        return persona ? (
          <SampleChatCard key={sample.personaId} persona={persona} sample={sample} />
        ) : null;
      })}
    </ul>
  );
}
