import type { Deps } from '../deps';
import { remembered } from '../remembered';
import { readCrisis } from '@shared/safety/crisis';
import { readInChat } from '@shared/safety/risk';

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
 * Her message read on this machine in the light of her chat (@shared/safety/risk): her words
 * and any screenshot text she shared alone, and, while the chat's risk is raised (care mode),
 * her words as an answer too ("no", "its fine i just want to sleep" read as a crisis then).
 */
export function readsAsCrisisInChat(
  texts: (string | null | undefined)[],
  context: { riskRaised: boolean },
): boolean {
  const present = texts.filter((text): text is string => Boolean(text?.trim()));
  if (present.some(readsAsCrisis)) return true;
  const [words] = present;
  return context.riskRaised && words !== undefined && readInChat(words, context).crisis;
}

/**
 * Whether her message reads as suicide or self-harm intent: read on this machine always
 * (readsAsCrisisInChat), plus the provider's moderation when OPENAI_MODERATION is on.
 * A failed moderation call is logged by the provider and never hides what the patterns found.
 */
export async function isCrisisMessage(
  deps: Deps,
  props: {
    texts: (string | null | undefined)[];
    riskRaised: boolean;
    signal?: AbortSignal;
  },
): Promise<boolean> {
  if (readsAsCrisisInChat(props.texts, props)) return true;
  if (!deps.config.openaiModeration || !deps.replies.flagsSelfHarm) return false;
  const texts = props.texts.filter((text): text is string => Boolean(text?.trim()));
  const flagsSelfHarm = deps.replies.flagsSelfHarm.bind(deps.replies);
  const flagged = await Promise.all(texts.map((text) => flagsSelfHarm(text, props.signal)));
  return flagged.some(Boolean);
}

/**
 * A model's second opinion on her message, for a message the detector did
 * not flag, when the provider has one and SAFETY_CHECK_TIMEOUT_MS is not 0: true when the model
 * reads any of her texts as a crisis. Never later than the timeout, and never an error: a
 * slow or failed check is dropped (false), and what the detector found stands either way.
 */
export async function modelSaysCrisis(
  deps: Deps,
  props: { texts: (string | null | undefined)[]; signal?: AbortSignal },
): Promise<boolean> {
  const check = deps.replies.checkCrisis?.bind(deps.replies);
  const timeoutMs = deps.config.safetyCheckTimeoutMs;
  const texts = props.texts.filter((text): text is string => Boolean(text?.trim()));
  if (!check || timeoutMs <= 0 || texts.length === 0) return false;
  const controller = new AbortController();
  const stop = () => controller.abort();
  props.signal?.addEventListener('abort', stop, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      deps.logger.warn({ timeoutMs }, 'crisis check too slow; dropped');
      resolve(false);
    }, timeoutMs);
  });
  const verdict = Promise.all(texts.map((text) => check(text, controller.signal))).then(
    (verdicts) => verdicts.some(Boolean),
    (error: unknown) => {
      if (!controller.signal.aborted) deps.logger.warn({ err: error }, 'crisis check failed');
      return false;
    },
  );
  try {
    return await Promise.race([verdict, late]);
  } finally {
    clearTimeout(timer);
    controller.abort();
    props.signal?.removeEventListener('abort', stop);
  }
}
