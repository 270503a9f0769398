import { Link } from 'react-router-dom';
import { SimplePage } from '../components/SimplePage';

/** /privacy: what is kept where, who sees it, crisis handling, and her choices. */
export function Privacy() {
  return (
    <SimplePage title="Privacy Policy">
      <p>
        Your chats are personal. Here is, in plain words, what Besties keeps, where, and why. We
        never sell your data and there are no advertising cookies or trackers.
      </p>

      <h2>Your besties are AI, not people</h2>
      <p>
        Cassie, Brooke, Elena, NeNe and Summer are AI characters. No human reads your chats to
        answer you. Their replies are written by software: either a built-in reply engine on our
        server or, if the people running this Besties site connect one, an AI language-model service
        that receives the messages of a conversation in order to write the reply.
      </p>

      <h2>On your device</h2>
      <ul className="prose-list">
        <li>
          Your chats, unsent drafts and your theme are kept in your browser's storage, so the app
          opens fast and works offline.
        </li>
        <li>
          Basic screenshot text reading happens on your device: the image is read in your browser.
        </li>
        <li>One cookie keeps you signed in. Logging out removes it and clears the local copy.</li>
      </ul>

      <h2>On our server</h2>
      <ul className="prose-list">
        <li>
          Your account: your email and a securely hashed password (never the password itself), and
          the profile details you choose to add (name, picture, age range, location).
        </li>
        <li>Your chats and messages, so they sync across your devices.</li>
        <li>
          Payment records: which plan you bought, when, and the payment provider's reference. Card
          details go straight to the payment provider and never touch our server.
        </li>
        <li>
          Short-lived security records: sign-in sessions, password-reset links (stored only in a
          scrambled form, valid for 60 minutes) and counters that slow down password guessing.
        </li>
      </ul>

      <h2 id="crisis">If you are in crisis</h2>
      <p>
        Messages are checked for signs of suicide or self-harm, on your device as soon as you send
        (so help shows even offline) and again on our server, in English, Spanish, Portuguese,
        French and German, including slang and misspellings. If we see them, help appears right away
        and your bestie steps out of character and gives you real resources, whatever your plan. A
        reply that gives crisis help is always shown in full.
      </p>
      <ul className="prose-list">
        <li>US: call or text 988 (Suicide &amp; Crisis Lifeline)</li>
        <li>Crisis Text Line: text HOME to 741741</li>
        <li>
          Anywhere else:{' '}
          <a href="https://findahelpline.com" target="_blank" rel="noopener noreferrer">
            findahelpline.com
          </a>
        </li>
      </ul>
      <p>If you are in immediate danger, call 911 or your local emergency number.</p>
      <p>
        No check is perfect: it can miss words we did not foresee, and sometimes shows help when you
        did not need it. Your bestie is an AI and cannot call anyone for you. If you are not safe,
        please reach out to a person now.
      </p>

      <h2>Your choices</h2>
      <ul className="prose-list">
        <li>Delete a chat from the chat list at any time: it is removed from your account.</li>
        <li>
          Exporting your data or deleting your whole account has no button yet. Contact us and we
          will do it for you.
        </li>
      </ul>
      <p>
        See also our <Link to="/terms">Terms of Service</Link>.
      </p>
    </SimplePage>
  );
}
