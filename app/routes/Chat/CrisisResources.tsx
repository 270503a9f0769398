/** Help that is one tap away in a crisis reply: always shown in full, on every plan. */
export function CrisisResources() {
  return (
    <ul className="crisis-resources" aria-label="Crisis resources">
      <li>
        <a href="tel:988">Call 988</a> or <a href="sms:988">text 988</a> (US Suicide &amp; Crisis
        Lifeline)
      </li>
      <li>
        <a href="sms:741741?body=HOME">Text HOME to 741741</a> (Crisis Text Line)
      </li>
      <li>
        Elsewhere:{' '}
        <a href="https://findahelpline.com" target="_blank" rel="noreferrer">
          findahelpline.com
        </a>
      </li>
    </ul>
  );
}
