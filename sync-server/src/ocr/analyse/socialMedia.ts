import type { SocialMediaData } from '@shared/ocr-api';
import { sentimentOf } from './sentiment';
import type { AnalysisResult } from './types';
import { entitiesOf, HASHTAG, keyPointsOf, matches, MENTION, openingOf, URL_LIKE } from './text';

/** Hashtags, mentions, links and the post's sentiment. */
export function analyseSocialMedia(text: string): AnalysisResult {
  const hashtags = matches(text, HASHTAG);
  const mentions = matches(text, MENTION);
  const urls = matches(text.replace(/[\w.+-]+@[\w.-]+/g, ' '), URL_LIKE);
  const sentiment = sentimentOf(text);
  const data: SocialMediaData = { hashtags, mentions, urls, sentiment };
  const opening = openingOf(text.replace(HASHTAG, '').replace(/\s+/g, ' '), 160);
  const parts = [
    opening ? `A post: "${opening}"` : 'A post',
    hashtags.length > 0 ? `${hashtags.length} hashtag${hashtags.length === 1 ? '' : 's'}` : '',
    mentions.length > 0 ? `${mentions.length} mention${mentions.length === 1 ? '' : 's'}` : '',
    `sentiment ${sentiment}`,
  ].filter(Boolean);
  return {
    analysis: {
      type: 'social-media',
      summary: `${parts.join('; ')}.`,
      keyPoints: [
        ...keyPointsOf(text, 3),
        ...(hashtags.length > 0 ? [`Hashtags: ${hashtags.join(' ')}`] : []),
        ...(mentions.length > 0 ? [`Mentions: ${mentions.join(' ')}`] : []),
      ],
      entities: entitiesOf(text),
      sentiment,
    },
    structuredData: data,
  };
}
