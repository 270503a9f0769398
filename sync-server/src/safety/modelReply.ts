/**
 * A model's reply read for crisis help (issue 9): the system prompt asks the model to start a
 * crisis response with CRISIS_TAG, which is removed before anyone sees it; a reply that
 * carries crisis resources counts as one whether tagged or not. Such a reply is stored as a
 * crisis reply, so no plan ever sees it cut to a teaser.
 */
export const CRISIS_TAG = '[CRISIS]';

const CARRIES_HELP =
  /\b988\b|741741|findahelpline|crisis text line|crisis lifeline|emergency (?:number|services)/i;

export function readModelReply(raw: string): { text: string; isCrisis: boolean } {
  const trimmed = raw.trim();
  const tagged = trimmed.startsWith(CRISIS_TAG);
  const text = tagged ? trimmed.slice(CRISIS_TAG.length).trim() : trimmed;
  return { text, isCrisis: tagged || CARRIES_HELP.test(text) };
}

/**
 * Passes a model's pieces on as they come, holding back only the first few characters until
 * it is clear whether they are CRISIS_TAG, which is never passed on.
 */
export function withoutCrisisTag(onText: ((text: string) => void) | undefined) {
  let head: string | null = '';
  const decide = (final: boolean) => {
    if (head === null) return;
    const start = head.trimStart();
    const undecided = CRISIS_TAG.startsWith(start) && start.length < CRISIS_TAG.length;
    if (undecided && !final) return;
    const rest = start.startsWith(CRISIS_TAG) ? start.slice(CRISIS_TAG.length).trimStart() : head;
    head = null;
    if (rest) onText?.(rest);
  };
  return {
    push(piece: string) {
      if (head === null) onText?.(piece);
      else {
        head += piece;
        decide(false);
      }
    },
    /** The model is done: whatever was held back goes out. */
    end: () => decide(true),
  };
}
