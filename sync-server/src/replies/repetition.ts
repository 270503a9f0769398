/** Sentences this long or longer must not come back in a later reply of the same chat. */
export const LONG_SENTENCE_WORDS = 8;

/**
 * The sentences of `text` of LONG_SENTENCE_WORDS words or more, compared without case or
 * punctuation ("I'm here, love." and "i'm here love" are one sentence).
 */
export function longSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) =>
      sentence
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s']/gu, ' ')
        .split(/\s+/)
        .filter(Boolean),
    )
    .filter((words) => words.length >= LONG_SENTENCE_WORDS)
    .map((words) => words.join(' '));
}

/** The long sentences of `reply` that one of `earlier` (replies of the chat) already said. */
export function repeatedSentences(reply: string, earlier: Iterable<string>): string[] {
  const said = new Set<string>();
  for (const text of earlier) for (const sentence of longSentences(text)) said.add(sentence);
  return longSentences(reply).filter((sentence) => said.has(sentence));
}
