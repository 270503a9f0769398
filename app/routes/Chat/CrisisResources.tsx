import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { resourcesFor, type HelpResource, type HelpSituation } from '@shared/safety/resources';
import { useCountHelpShown } from '../../safety/useCountHelpShown';

/**
 * The help link that had focus when its list went (the help card a crisis reply replaces),
 * for the list drawn in its place to take. Only for a moment: a list drawn later, when she is
 * elsewhere, must not take her focus.
 */
let handOff: { href: string; until: number } | null = null;
const HAND_OFF_MS = 500;

interface CrisisResourcesProps {
  /** Which help comes first (helpSituation of her words); every other crisis: 'support'. */
  situation?: HelpSituation;
  /**
   * Counted for the yearly report under this key (useCountHelpShown); by default not counted
   * (a help card around it counts itself; a crisis reply is counted by the server).
   */
  countAs?: string | null;
}

/** Help one tap away: always shown in full, on every plan, online or offline. */
export function CrisisResources({ situation = 'support', countAs = null }: CrisisResourcesProps) {
  useCountHelpShown(countAs);
  const list = useKeptFocus();
  const resources = resourcesFor(situation);
  return (
    <ul ref={list} className="crisis-resources" aria-label="Crisis resources">
      {resources.map((resource) => (
        <li
          key={resource.id}
          className={URGENT.has(resource.id) ? 'crisis-resources__danger' : undefined}
        >
          {resource.href.startsWith('https:') ? (
            <a href={resource.href} target="_blank" rel="noreferrer">
              {resource.label}
            </a>
          ) : (
            <a href={resource.href}>{withWholeNumber(resource.label)}</a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A phone number in a label (Poison Control's), kept on one line. */
const PHONE_NUMBER = /(\d+(?:-\d+){2,})/;

function withWholeNumber(label: string): ReactNode {
  const [before, number, after] = label.split(PHONE_NUMBER);
  if (number === undefined) return label;
  // One piece of text in the link (a flex box), so its spaces stay where they are.
  return (
    <span>
      {before}
      <span className="crisis-resources__number">{number}</span>
      {after}
    </span>
  );
}

/** Emergency numbers: their own colour, whichever place they take. */
const URGENT = new Set<HelpResource['id']>(['call-911', 'poison-control']);

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
