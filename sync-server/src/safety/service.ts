import type { Deps } from '../deps';
import { soundsLikeCrisis } from './patterns';

/** Whether a text reads as suicide or self-harm intent, on this machine alone (no network). */
export function readsAsCrisis(text: string): boolean {
  return soundsLikeCrisis(text);
}

/**
 * Whether her message reads as suicide or self-harm intent: the patterns always, plus the
 * provider's moderation when OPENAI_MODERATION is on.
 */
export async function isCrisisMessage(
  deps: Deps,
  props: { text: string; signal?: AbortSignal },
): Promise<boolean> {
  if (readsAsCrisis(props.text)) return true;
  if (!deps.config.openaiModeration || !deps.replies.flagsSelfHarm) return false;
  return deps.replies.flagsSelfHarm(props.text, props.signal);
}
