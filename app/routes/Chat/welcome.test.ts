import { describe, expect, it } from 'vitest';
import { personaById } from '@shared/personas';
import { GENERIC_GREETING, needsAiReminder, welcomeText } from './welcome';

describe('the welcome message', () => {
  it('is a generic greeting in a fresh new chat', () => {
    expect(welcomeText(null)).toBe(GENERIC_GREETING);
  });

  it("is the bestie's own words in a chat with a persona", () => {
    const brooke = personaById(2);
    if (!brooke) throw new Error('no Brooke');
    expect(welcomeText(brooke)).toBe(
      `Hey! I'm Brooke. ${brooke.description} What's on your mind today?`,
    );
  });
});

function minutes(...offsets: number[]): string[] {
  const start = Date.parse('2026-11-25T08:00:00Z');
  return offsets.map((m) => new Date(start + m * 60_000).toISOString());
}

describe('the 3-hour AI reminder', () => {
  it('shows after 3 hours of chatting with no gap over 30 minutes', () => {
    const every20 = Array.from({ length: 10 }, (_, i) => i * 20); // 0 … 180 minutes
    expect(needsAiReminder(minutes(...every20))).toBe(true);
  });

  it('does not show before 3 hours', () => {
    expect(needsAiReminder(minutes(0, 30, 60, 90, 120, 150, 179))).toBe(false);
  });

  it('starts counting again after a break of more than 30 minutes', () => {
    expect(needsAiReminder(minutes(0, 30, 60, 90, 120, 180, 200, 220, 240))).toBe(false);
  });

  it('does not show for an empty chat', () => {
    expect(needsAiReminder([])).toBe(false);
  });
});
