import { wordCount } from './text';

const POSITIVE = new Set(
  `love loved lovely great good amazing awesome happy glad excited fun nice sweet cute best
  beautiful thanks thank wonderful perfect yay enjoy enjoyed proud fantastic excellent
  brilliant like liked miss cool haha lol congrats congratulations hope hopeful kind
  care cares caring support ❤️ 😊 😍 🥰 😂`.split(/\s+/),
);
const NEGATIVE = new Set(
  `hate hated bad sad angry upset mad annoyed awful terrible horrible worst hurt hurts cry
  crying sorry lonely alone ignore ignored ignoring never wrong fight fought breakup
  cheated cheating lie lied lying jealous stupid tired sick scared afraid worried anxious
  disappointed disappointing rude mean ghosted ugh 😢 😭 😡 💔`.split(/\s+/),
);
const NEGATORS = new Set(['not', "don't", 'dont', 'no', "didn't", 'didnt', "isn't", 'isnt']);

/** 'positive', 'negative', 'mixed' or 'neutral', from a small word list (with simple negation). */
export function sentimentOf(text: string): string {
  if (wordCount(text) === 0) return 'neutral';
  const words = text.toLowerCase().match(/[\p{L}'’]+|\p{Extended_Pictographic}️?/gu) ?? [];
  let positive = 0;
  let negative = 0;
  words.forEach((word, index) => {
    const score = POSITIVE.has(word) ? 1 : NEGATIVE.has(word) ? -1 : 0;
    const signed = NEGATORS.has(words[index - 1] ?? '') ? -score : score;
    if (signed > 0) positive += 1;
    if (signed < 0) negative += 1;
  });
  if (positive === 0 && negative === 0) return 'neutral';
  if (
    positive > 0 &&
    negative > 0 &&
    Math.min(positive, negative) * 2 >= Math.max(positive, negative)
  ) {
    return 'mixed';
  }
  return positive > negative ? 'positive' : 'negative';
}
