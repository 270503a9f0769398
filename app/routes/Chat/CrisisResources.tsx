/** Help one tap away: always shown in full, on every plan, online or offline. */
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
      <li className="crisis-resources__danger">
        <a href="tel:911">In danger now? Call 911</a>
      </li>
    </ul>
  );
}
