import { SimplePage } from '../components/SimplePage';

export function Terms() {
  return (
    <SimplePage title="Terms of Service">
      <ul className="prose-list">
        <li>Besties is for people aged 18 and over.</li>
        <li>
          Your besties are AI. They can be wrong, and they are no replacement for a doctor, a
          lawyer, a therapist or emergency services. If you are in danger, call your local emergency
          number.
        </li>
        <li>
          Keep your password to yourself; you are responsible for what happens in your account.
        </li>
        <li>
          Paid plans give access for the period you chose: a day, a month, a year or for life.
        </li>
        <li>Be kind. Don't use Besties to harm anyone.</li>
      </ul>
    </SimplePage>
  );
}
