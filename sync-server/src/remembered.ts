/**
 * `answerOf`, remembered for the keys asked lately: at most `max` of them, and past it they
 * all go at once (as good as least-recently-used for keys that come back often, with nothing
 * to keep in order). Only for answers that depend on the key alone.
 */
export function remembered<V>(max: number, answerOf: (key: string) => V): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as V;
    const answer = answerOf(key);
    if (kept.size >= max) kept.clear();
    kept.set(key, answer);
    return answer;
  };
}
