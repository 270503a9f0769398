/**
 * A model's reply read for crisis help. Whether she sees a reply whole is
 * decided from her side only (her message, the chat's risk state), never from the reply's own
 * text nor from a tag the model writes: a reply carrying help to a message not judged a
 * crisis is flagged `helpCard`, so the app shows the server's own help card in full beside it
 * while the rest of the model's text stays as her plan shows it. CRISIS_TAG (asked for by an
 * older prompt) is only removed, so it never reaches her; it decides nothing.
 */
export const CRISIS_TAG = '[CRISIS]';

const CARRIES_HELP =
  /\b988\b|741741|findahelpline|crisis text line|crisis lifeline|emergency (?:number|services)/i;

export function readModelReply(raw: string): { text: string; carriesHelp: boolean } {
  const trimmed = raw.trim();
  const text = trimmed.startsWith(CRISIS_TAG) ? trimmed.slice(CRISIS_TAG.length).trim() : trimmed;
  return { text, carriesHelp: CARRIES_HELP.test(text) };
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
