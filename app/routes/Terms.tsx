import { Link } from 'react-router-dom';
import { SimplePage } from '../components/SimplePage';

/** /terms: the short, honest rules of using Besties. */
export function Terms() {
  return (
    <SimplePage title="Terms of Service">
      <p>By using Besties you agree to these terms. We kept them short.</p>

      <h2>Besties are AI</h2>
      <ul className="prose-list">
        <li>
          Your besties are AI characters, not people. They can be wrong, and they are no replacement
          for a doctor, a lawyer, a therapist or emergency services.
        </li>
        <li>
          If a message shows signs of suicide or self-harm, your bestie steps out of character and
          shares real resources (in the US call or text 988; Crisis Text Line: text HOME to 741741;
          elsewhere findahelpline.com), whatever your plan. If you are in danger, call your local
          emergency number.
        </li>
      </ul>

      <h2>Your account</h2>
      <ul className="prose-list">
        <li>Besties is for people aged 18 and over.</li>
        <li>
          Keep your password to yourself; you are responsible for what happens in your account. If
          you forget it, reset it by email from the login page.
        </li>
        <li>Be kind. Don't use Besties to harm, harass or deceive anyone.</li>
      </ul>

      <h2>Plans</h2>
      <ul className="prose-list">
        <li>
          Chatting with Cassie is free: you read the first line of each of her replies. Paid plans
          give access for the period you chose: a day, a month, a year or for life.
        </li>
        <li>Prices are shown before you pay. Card payments are handled by our payment provider.</li>
      </ul>

      <h2>Your data</h2>
      <p>
        What we keep and your choices are in our <Link to="/privacy">Privacy Policy</Link>. We never
        sell your data.
      </p>
    </SimplePage>
  );
}
