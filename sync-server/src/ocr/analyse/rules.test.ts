import { describe, expect, it } from 'vitest';
import { ANALYSIS_TYPES } from '@shared/chat';
import { ocrAnalysisSchema } from '@shared/chat-schema';
import { structuredDataSchemas } from '@shared/ocr-api-schema';
import { analyseWithRules } from './rules';
import { sentimentOf } from './sentiment';

const RECEIPT = `TRADER JOE'S
123 Main St, Springfield
11/26/2026 10:42
BANANAS 1.29
ORGANIC MILK 4.99
2 x AVOCADO 3.00
SUBTOTAL 9.28
TAX 0.74
TOTAL $10.02
VISA 10.02
THANK YOU`;

const CARD = `Maria Lopez
Marketing Director
Bloom & Co.
maria.lopez@bloomco.com
(555) 123-4567
bloomco.com`;

const DOCUMENT = `Lease Renewal Notice
Your lease ends on March 31. To renew, sign the attached form by March 1.
Rent will rise by 3 percent from April. Parking stays included.
- Sign the form by March 1
- Rent rises 3 percent
- Parking included`;

const POST = 'Best weekend ever with @sam and @jo_23 😍 #girlstrip #beach https://insta.gr/p/1';

const CHAT = `Them: hey stranger
Me: omg hi!! how are you
Them: honestly sad, I miss you. can we talk
tonight?
Me: of course`;

describe('rule-based analysis', () => {
  it('reads a receipt: merchant, items with amounts and the total line', () => {
    const { analysis, structuredData } = analyseWithRules(RECEIPT, 'receipt');
    expect(structuredData).toEqual({
      merchant: "TRADER JOE'S",
      date: '11/26/2026',
      items: [
        { name: 'BANANAS', amount: 1.29 },
        { name: 'ORGANIC MILK', amount: 4.99 },
        { name: '2 x AVOCADO', amount: 3 },
      ],
      total: 10.02,
      currency: 'USD',
    });
    expect(analysis.summary).toBe("Receipt from TRADER JOE'S: 3 items, total $10.02.");
    expect(analysis.keyPoints).toContain('Total: $10.02');
  });

  it('sums the items when a receipt has no total line', () => {
    const { structuredData } = analyseWithRules('Cafe Luna\nTea 2.50\nCake 4.00', 'receipt');
    expect(structuredData).toMatchObject({ merchant: 'Cafe Luna', total: 6.5, currency: null });
  });

  it('reads a business card: name, title, company, email, phone, website', () => {
    const { analysis, structuredData } = analyseWithRules(CARD, 'business-card');
    expect(structuredData).toEqual({
      name: 'Maria Lopez',
      title: 'Marketing Director',
      company: 'Bloom & Co.',
      email: 'maria.lopez@bloomco.com',
      phone: '(555) 123-4567',
      website: 'bloomco.com',
    });
    expect(analysis.summary).toBe(
      'Contact details for Maria Lopez, Marketing Director at Bloom & Co..',
    );
  });

  it('summarises a document and keeps its bullet points as key points', () => {
    const { analysis, structuredData } = analyseWithRules(DOCUMENT, 'document');
    expect(structuredData).toMatchObject({
      title: 'Lease Renewal Notice',
      keyPoints: ['Sign the form by March 1', 'Rent rises 3 percent', 'Parking included'],
    });
    expect(analysis.summary).toMatch(/^Lease Renewal Notice: Your lease ends on March 31\./);
  });

  it('finds hashtags, mentions, links and the mood of a post', () => {
    const { analysis, structuredData } = analyseWithRules(POST, 'social-media');
    expect(structuredData).toEqual({
      hashtags: ['#girlstrip', '#beach'],
      mentions: ['@sam', '@jo_23'],
      urls: ['https://insta.gr/p/1'],
      sentiment: 'positive',
    });
    expect(analysis.sentiment).toBe('positive');
  });

  it('reads a chat screenshot as who said what, with their tone', () => {
    const { analysis, structuredData } = analyseWithRules(CHAT, 'general');
    expect(structuredData).toEqual({
      wordCount: 22,
      messages: [
        { from: 'them', text: 'hey stranger' },
        { from: 'me', text: 'omg hi!! how are you' },
        { from: 'them', text: 'honestly sad, I miss you. can we talk tonight?' },
        { from: 'me', text: 'of course' },
      ],
    });
    expect(analysis.summary).toMatch(/^A conversation of 4 messages: 2 from them and 2 from you\./);
    expect(analysis.keyPoints[2]).toBe('They: honestly sad, I miss you. can we talk tonight?');
  });

  it.each(ANALYSIS_TYPES)('gives the spec shape for %s, also for no text', (type) => {
    for (const text of ['', RECEIPT, CARD, DOCUMENT, POST, CHAT]) {
      const { analysis, structuredData } = analyseWithRules(text, type);
      expect(ocrAnalysisSchema.parse(analysis).type).toBe(type);
      expect(() => structuredDataSchemas[type].parse(structuredData)).not.toThrow();
      expect(analysis.summary.length).toBeGreaterThan(0);
    }
  });
});

describe('sentimentOf', () => {
  it.each([
    ['I love this, so happy', 'positive'],
    ['he ignored me again and I am upset', 'negative'],
    ['I am not happy', 'negative'],
    ['love you but I hate this', 'mixed'],
    ['the meeting is at 5', 'neutral'],
  ])('%s -> %s', (text, sentiment) => {
    expect(sentimentOf(text)).toBe(sentiment);
  });
});
