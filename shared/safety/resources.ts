/**
 * Real help, in the order she should see it. The server's crisis reply and
 * the app's help card both read this list, so the words and their order are one decision.
 *
 * - 'swallowed': she has taken something (pills, an overdose, bleach): 911 now, then Poison
 *   Control, then the lines.
 * - 'danger': she is hurt or in danger now (an attempt under way, a deep cut, on a bridge):
 *   911 now, then the lines.
 * - 'support': every other crisis: the lines first, 911 last for danger.
 */
export type HelpSituation = 'swallowed' | 'danger' | 'support';

export interface HelpResource {
  /** Stable key (tests, list keys). */
  id: 'call-911' | 'poison-control' | 'call-988' | 'text-988' | 'text-741741' | 'findahelpline';
  /** What a tap does, as the button says it. */
  label: string;
  /** tel:, sms: or https: — tap to call, tap to text, tap to open. */
  href: string;
  /** The same help as a line of plain text (the crisis reply, the export). */
  line: string;
}

export const POISON_CONTROL_NUMBER = '1-800-222-1222';

const CALL_911_NOW: HelpResource = {
  id: 'call-911',
  label: 'Call 911 now',
  href: 'tel:911',
  line: 'Call 911 now (or your local emergency number).',
};
const CALL_911_IF_DANGER: HelpResource = {
  id: 'call-911',
  label: 'In danger now? Call 911',
  href: 'tel:911',
  line: 'If you are in danger right now, call 911 (US) or your local emergency number.',
};
const POISON_CONTROL: HelpResource = {
  id: 'poison-control',
  label: `Call Poison Control: ${POISON_CONTROL_NUMBER}`,
  href: 'tel:18002221222',
  line: `Poison Control (US): call ${POISON_CONTROL_NUMBER}, free, any time.`,
};
const CALL_988: HelpResource = {
  id: 'call-988',
  label: 'Call 988',
  href: 'tel:988',
  line: 'US: call or text 988 (Suicide & Crisis Lifeline)',
};
const TEXT_988: HelpResource = {
  id: 'text-988',
  label: 'Text 988',
  href: 'sms:988',
  line: 'US: call or text 988 (Suicide & Crisis Lifeline)',
};
const CRISIS_TEXT_LINE: HelpResource = {
  id: 'text-741741',
  label: 'Text HOME to 741741',
  href: 'sms:741741?body=HOME',
  line: 'Crisis Text Line: text HOME to 741741',
};
const FIND_A_HELPLINE: HelpResource = {
  id: 'findahelpline',
  label: 'findahelpline.com',
  href: 'https://findahelpline.com',
  line: 'Outside the US: findahelpline.com',
};

const LINES = [CALL_988, TEXT_988, CRISIS_TEXT_LINE, FIND_A_HELPLINE];

/** The buttons of the help card, most urgent first. */
export function resourcesFor(situation: HelpSituation): HelpResource[] {
  switch (situation) {
    case 'swallowed':
      return [CALL_911_NOW, POISON_CONTROL, ...LINES];
    case 'danger':
      return [CALL_911_NOW, ...LINES];
    case 'support':
      return [...LINES, CALL_911_IF_DANGER];
  }
}

/** The same help as lines of text, each said once (988 by call or text is one line). */
export function resourceLinesFor(situation: HelpSituation): string[] {
  return [...new Set(resourcesFor(situation).map((resource) => resource.line))];
}
