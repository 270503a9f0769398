import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData } from '../../db/chats';
import type { LocalMessage } from '../../db/db';
import { aChat, aMessage } from '../../db/testData';
import { toChatItem } from './chatItems';
import { MessageBubble } from './MessageBubble';

const PERSONA = aChat({ id: 'c' }).persona;

function renderMessage(overrides: Partial<LocalMessage>) {
  const message: LocalMessage = { ...aMessage({ id: 'm' }), status: 'sent', ...overrides };
  render(
    <MessageBubble
      item={toChatItem(message)}
      persona={PERSONA}
      onRetry={() => {}}
      onUpgrade={() => {}}
    />,
  );
}

beforeEach(() => clearLocalData());

describe('a screenshot message', () => {
  it("shows the image and 'OCR Result' with the text read (plain OCR)", async () => {
    renderMessage({
      isOCR: true,
      message: 'Them: sorry',
      extractedText: 'Them: sorry',
      imageUrl: '/api/images/abc',
    });
    expect((await screen.findByAltText('Screenshot')).getAttribute('src')).toBe('/api/images/abc');
    expect(screen.getByText('OCR Result')).toBeTruthy();
    // Her message is the text itself: shown once.
    expect(screen.getAllByText('Them: sorry')).toHaveLength(1);
  });

  it("shows the summary and text, and 'Show Details' reveals key points, entities, sentiment and data", async () => {
    renderMessage({
      isOCR: true,
      isEnhancedOCR: true,
      message: 'Total 12.50',
      extractedText: 'Total 12.50',
      analysisType: 'receipt',
      ocrAnalysis: {
        type: 'receipt',
        summary: 'A receipt from Corner Cafe.',
        keyPoints: ['Total 12.50'],
        entities: ['Corner Cafe'],
        sentiment: 'neutral',
      },
      ocrStructuredData: { merchant: 'Corner Cafe', total: 12.5 },
      ocrConfidence: 0.93,
    });
    expect(screen.getByText('A receipt from Corner Cafe.')).toBeTruthy();
    expect(screen.queryByText('Key Points')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show Details' }));
    // The details come in a chunk of their own (asked for once the chat is drawn, or now).
    expect(await screen.findByText('Key Points')).toBeTruthy();
    expect(screen.getByText('Entities')).toBeTruthy();
    expect(screen.getByText('neutral')).toBeTruthy();
    expect(screen.getByText('Structured Data')).toBeTruthy();
    expect(screen.getByText('merchant')).toBeTruthy();
    expect(screen.getByText('12.5')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Hide Details' }));
    expect(screen.queryByText('Key Points')).toBeNull();
  });

  it("shows 'Queued' or 'Sending…' under hers while it is on its way", () => {
    renderMessage({
      isOCR: true,
      status: 'pending',
      seq: null,
      extractedText: 'hi',
      message: 'hi',
    });
    expect(screen.getByText('OCR Result')).toBeTruthy();
    expect(screen.getByText(/Sending…|Queued/)).toBeTruthy();
  });
});
