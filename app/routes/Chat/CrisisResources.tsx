import { useLayoutEffect, useRef } from 'react';
import { useCountHelpShown } from '../../safety/useCountHelpShown';

/**
 * The help link that had focus when its list went (the help card a crisis reply replaces),
 * for the list drawn in its place to take. Only for a moment: a list drawn later, when she is
 * elsewhere, must not take her focus.
 */
let handOff: { href: string; until: number } | null = null;
const HAND_OFF_MS = 500;

/**
 * Help one tap away: always shown in full, on every plan, online or offline. Beside a crisis
 * reply it is counted for the yearly report under `countAs` (a help card counts itself).
 */
export function CrisisResources({ countAs = null }: { countAs?: string | null }) {
  useCountHelpShown(countAs);
  const list = useKeptFocus();
  return (
    <ul ref={list} className="crisis-resources" aria-label="Crisis resources">
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

/**
 * When the crisis reply comes, it carries the same help and the help card after her message
 * goes. A keyboard or screen-reader user on one of the card's links would be left on nothing:
 * focus moves to the same link in the reply instead.
 */
function useKeptFocus() {
  const list = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const node = list.current!;
    // Only the help in the conversation: the help dialog gives focus back to its own button.
    if (!node.closest('[role="log"]')) return;
    if (handOff && performance.now() < handOff.until) {
      const { href } = handOff;
      const same = [...node.querySelectorAll('a')].find(
        (link) => link.getAttribute('href') === href,
      );
      if (same) {
        handOff = null;
        // Where the card was: the list keeps its own scroll (the newest in view).
        same.focus({ preventScroll: true });
      }
    }
    return () => {
      const active = document.activeElement;
      if (active instanceof HTMLAnchorElement && node.contains(active)) {
        handOff = {
          href: active.getAttribute('href') ?? '',
          until: performance.now() + HAND_OFF_MS,
        };
      }
    };
  }, []);
  return list;
}
