import type { Deps } from '../deps';
import { remembered } from '../remembered';
import { isUnsafeAnswer, readCrisis } from '@shared/safety/crisis';

/**
 * Whether a text reads as suicide or self-harm intent, on this machine alone (no network):
 * the same detector the app runs on the device (shared/safety).
 */
export function readsAsCrisis(text: string): boolean {
  return recentReading(text);
}

/**
 * Texts read lately and what they read as: a message is read when it is sent (a crisis is
 * never counted against her limit) and again when its reply is written, and the reading is
 * the same each time (readCrisis looks at the text alone).
 */
const recentReading = remembered(256, (text) => readCrisis(text).crisis);

/**
 * Whether her message reads as suicide or self-harm intent: her words and any screenshot text
 * she shared, read on this machine always (after a crisis reply, a "no" or "I don't know" to
 * "are you safe?" is one too), plus the provider's moderation when OPENAI_MODERATION is on.
 * A failed moderation call is logged by the provider and never hides what the patterns found.
 */
export async function isCrisisMessage(
  deps: Deps,
  props: {
    texts: (string | null | undefined)[];
    afterCrisisReply?: boolean;
    signal?: AbortSignal;
  },
): Promise<boolean> {
  const texts = props.texts.filter((text): text is string => Boolean(text?.trim()));
  if (texts.some(readsAsCrisis)) return true;
  const [words] = texts;
  if (props.afterCrisisReply && words !== undefined && isUnsafeAnswer(words)) return true;
  if (!deps.config.openaiModeration || !deps.replies.flagsSelfHarm) return false;
  const flagged = await Promise.all(
    texts.map((text) => deps.replies.flagsSelfHarm?.(text, props.signal)),
  );
  return flagged.some(Boolean);
}
