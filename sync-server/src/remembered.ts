import { LRUCache } from 'lru-cache';

/**
 * `answerOf`, remembered for the `max` keys asked most recently (lru-cache). Only for answers
 * that depend on the key alone.
 */
export function remembered<V>(max: number, answerOf: (key: string) => V): (key: string) => V {
  // Boxed: lru-cache keeps no undefined or null value, and an answer may be either.
  const kept = new LRUCache<string, { answer: V }>({ max });
  return (key) => {
    const hit = kept.get(key);
    if (hit) return hit.answer;
    const answer = answerOf(key);
    kept.set(key, { answer });
    return answer;
  };
}
