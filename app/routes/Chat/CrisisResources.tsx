/** Help one tap away under a crisis reply: always shown in full, on every plan. */
export function CrisisResources() {
  return (
    <ul className="crisis-resources" aria-label="Crisis resources">
      <li>
        <a href="tel:988">Call 988</a>
      </li>
      <li>
        <a href="sms:988">Text 988</a>
      </li>
      <li>
        <a href="sms:741741?body=HOME">Text HOME to 741741</a>
      </li>
      <li>
        <a href="https://findahelpline.com" target="_blank" rel="noreferrer">
          findahelpline.com
        </a>
      </li>
    </ul>
  );
}
