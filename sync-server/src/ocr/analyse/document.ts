import type { DocumentData, GeneralData } from '@shared/ocr-api';
import { sentimentOf } from './sentiment';
import type { AnalysisResult } from './types';
import { entitiesOf, keyPointsOf, linesOf, openingOf, wordCount } from './text';

const EMPTY_SUMMARY = 'No text could be read from this image.';

/** A title (a short first line without end punctuation), a summary and the key points. */
export function analyseDocument(text: string): AnalysisResult {
  const [firstLine = ''] = linesOf(text);
  const title =
    firstLine && firstLine.length <= 80 && !/[.!?,;:]$/.test(firstLine) && linesOf(text).length > 1
      ? firstLine
      : null;
  const body = title ? text.slice(text.indexOf(firstLine) + firstLine.length) : text;
  const keyPoints = keyPointsOf(body);
  const data: DocumentData = { title, wordCount: wordCount(text), keyPoints };
  const opening = openingOf(body);
  return {
    analysis: {
      type: 'document',
      summary: opening ? `${title ? `${title}: ` : ''}${opening}` : (title ?? EMPTY_SUMMARY),
      keyPoints,
      entities: entitiesOf(text),
      sentiment: sentimentOf(text),
    },
    structuredData: data,
  };
}

const SPEAKER = /^(them|me)\s*:\s*(.*)$/i;

/** `Them:` / `Me:` lines of a chat screenshot (see shared/ocr), continuation lines joined. */
export function chatMessagesOf(text: string): GeneralData['messages'] {
  const messages: GeneralData['messages'] = [];
  for (const line of linesOf(text)) {
    const match = SPEAKER.exec(line);
    const last = messages[messages.length - 1];
    if (match) {
      messages.push({
        from: match[1]?.toLowerCase() === 'me' ? 'me' : 'them',
        text: match[2] ?? '',
      });
    } else if (last) {
      last.text = `${last.text} ${line}`.trim();
    }
  }
  return messages.filter((message) => message.text);
}

/** A chat screenshot: who said what and how it feels; any other text: summary and key points. */
export function analyseGeneral(text: string): AnalysisResult {
  const messages = chatMessagesOf(text);
  const data: GeneralData = { wordCount: wordCount(text), messages };
  if (messages.length === 0) {
    const opening = openingOf(text);
    return {
      analysis: {
        type: 'general',
        summary: opening || EMPTY_SUMMARY,
        keyPoints: keyPointsOf(text),
        entities: entitiesOf(text),
        sentiment: sentimentOf(text),
      },
      structuredData: data,
    };
  }
  const theirs = messages.filter((message) => message.from === 'them');
  const mine = messages.length - theirs.length;
  const theirText = theirs.map((message) => message.text).join(' ');
  const sentiment = sentimentOf(theirText || text);
  const lastOfTheirs = theirs[theirs.length - 1]?.text;
  return {
    analysis: {
      type: 'general',
      summary: `A conversation of ${messages.length} messages: ${theirs.length} from them and ${mine} from you. Their tone reads ${sentiment}.${
        lastOfTheirs ? ` Their last message: "${lastOfTheirs.slice(0, 200)}"` : ''
      }`,
      keyPoints: messages
        .slice(-8)
        .map(
          (message) => `${message.from === 'me' ? 'You' : 'They'}: ${message.text.slice(0, 300)}`,
        ),
      entities: entitiesOf(text),
      sentiment,
    },
    structuredData: data,
  };
}
