import { Link } from 'react-router-dom';
import { SimplePage } from '../components/SimplePage';

/** /privacy: what is kept where, who sees it, crisis handling, and her choices (export, deletion). */
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
        that receives the messages of a conversation in order to write the reply, with the things
        your besties remember about you that matter to your message (and, for enhanced screenshot
        analysis, the screenshot's text and, with some services, the picture).
      </p>

      <h2>On your device</h2>
      <ul className="prose-list">
        <li>
          Your chats, unsent drafts, the screenshots you send and your theme are kept in your
          browser's storage, so the app opens fast and works offline.
        </li>
        <li>
          Basic screenshot text reading happens on your device: the image is read in your browser.
        </li>
        <li>One cookie keeps you signed in. Logging out removes it and clears the local copy.</li>
        <li>
          A second cookie remembers that you have signed in on this device, for a year, so that
          someone guessing at your password elsewhere can never lock you out here. It holds no data
          of yours; deleting your account removes it.
        </li>
      </ul>

      <h2>On our server</h2>
      <ul className="prose-list">
        <li>
          Your account: your email and a securely hashed password (never the password itself), the
          profile details you choose to add (name, picture, age range, location) and your theme, so
          a new device opens in it. Your picture is stored as a small square copy with its hidden
          details (such as where a photo was taken) removed.
        </li>
        <li>
          Your chats and messages, and the screenshots you send in them with their text and
          analysis, so they sync across your devices. Screenshots are stored as a fresh copy without
          their hidden details too.
        </li>
        <li>
          What your besties remember about you: the people, places, dates and things you love that
          you mention in your messages, each linked to the message it came from, so every bestie can
          refer back to them on all your devices. You can see, edit or forget each of them, or all
          of them at once, under Settings, What your besties remember.
        </li>
        <li>
          Payment records: which plan you bought, when, and the payment provider's reference. Card
          details go straight to the payment provider and never touch our server.
        </li>
        <li>
          Short-lived security records: sign-in sessions (with the kind of device and browser, and
          when each was last used, so you can see them under Settings, Your devices), password-reset
          links (stored only in a scrambled form, valid for 60 minutes) and counters that slow down
          password guessing.
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
      <p>
        To report yearly totals as California law (SB 243) asks, we count how many crisis replies
        were given and how many help cards were shown each day. The count is only a day and a
        number: no name, email, account, chat or message is attached to it. Help shown while you are
        offline is counted when your device is next online.
      </p>

      <h2>Your choices</h2>
      <ul className="prose-list">
        <li>Delete a chat from the chat list at any time: it is removed from your account.</li>
        <li>
          See where you are signed in under Settings, Your devices, and sign out any device (or
          every device but the one in your hand).
        </li>
        <li>
          Take your data with you: in Settings, Your data, 'Download my data' gives you one zip file
          with everything of yours: your profile and picture, every chat and message as you see them
          (as data, and each chat as a document you can read), your screenshots with their text and
          analyses, your purchases, your signed-in devices and what your besties remember. Each
          chat's menu (⋯) also has 'Export as Markdown', which saves that chat as a readable
          document from what is on your device, even offline.
        </li>
        <li>
          Delete your account: in Settings, Your data, 'Delete my account' asks for your password
          and the word DELETE, then erases at once your chats, messages, screenshots, profile and
          picture, signed-in devices and password-reset links, signs out every device, and clears
          this device's copy. It cannot be undone. We keep only the purchase records the law
          requires us to keep, without your chats and no longer linked to your email. Your email is
          then free: you can sign up again with it.
        </li>
      </ul>
      <p>
        See also our <Link to="/terms">Terms of Service</Link>.
      </p>
    </SimplePage>
  );
}
