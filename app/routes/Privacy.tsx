import { SimplePage } from '../components/SimplePage';

export function Privacy() {
  return (
    <SimplePage title="Privacy Policy">
      <p>Your chats are personal. Here is what Besties keeps and why.</p>
      <ul className="prose-list">
        <li>
          Your account: your email, a securely hashed password (never the password itself) and the
          profile details you choose to add.
        </li>
        <li>Your chats, so you can pick up a conversation where you left it.</li>
        <li>Your plan, so we know which besties you can talk to.</li>
        <li>
          One cookie, to keep you signed in. Your theme is saved on your own device. No advertising
          cookies and no trackers.
        </li>
      </ul>
      <p>We never sell your data. Your besties are AI, not people.</p>
    </SimplePage>
  );
}
