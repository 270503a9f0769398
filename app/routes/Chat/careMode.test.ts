import { describe, expect, it } from 'vitest';
import { CARE_MODE_MS, readInChat as realReadInChat } from '@shared/safety/risk';
import { careEndOf, chatRiskOf, type ReadInChat, type RiskMessage } from './careMode';

/**
 * The detector as risk.ts describes it, so these tests hold whatever its word lists become
 * (shared/safety is refined elsewhere): a plain crisis always; while the risk is raised, a
 * reply of distress too. One test below uses the real readInChat.
 */
const DISTRESS = new Set(['no', 'whatever', 'its fine i just want to sleep']);
const readInChat: ReadInChat = (text, { riskRaised }) =>
  text.includes('kill myself') || (riskRaised && DISTRESS.has(text))
    ? { crisis: true, category: 'passive' }
    : { crisis: false, category: null };

const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString();

const hers = (id: string, message: string, minutes: number): RiskMessage => ({
  id,
  isUser: true,
  isCrisis: false,
  message,
  timestamp: at(minutes),
  replyTo: null,
});
const reply = (replyTo: string, minutes: number, isCrisis = false): RiskMessage => ({
  id: `r-${replyTo}`,
  isUser: false,
  isCrisis,
  message: 'a reply',
  timestamp: at(minutes),
  replyTo,
});

const riskOf = (messages: RiskMessage[], serverCareUntil: string | null = null) =>
  chatRiskOf({ messages, readInChat, serverCareUntil });

describe("a chat's risk state on the device", () => {
  it('has no signal for ordinary words', () => {
    const messages = [hers('a', 'my best friend forgot my birthday', 0), reply('a', 1)];
    expect(riskOf(messages).lastCrisisAt).toBeNull();
    expect(careEndOf({ messages, readInChat })).toBeNull();
  });

  it('starts care mode at her message read as a crisis, offline, before any reply', () => {
    const messages = [hers('a', 'rough day', 0), hers('b', 'i just want to kill myself', 5)];
    expect(riskOf(messages).lastCrisisAt).toBe(T0 + 5 * MINUTE);
    expect(careEndOf({ messages, readInChat })).toBe(T0 + 5 * MINUTE + CARE_MODE_MS);
  });

  it('counts a crisis reply as a signal at its own time', () => {
    const messages = [hers('a', 'it is a lot', 0), reply('a', 2, true)];
    expect(riskOf(messages).lastCrisisAt).toBe(T0 + 2 * MINUTE);
  });

  it('reads "no", "whatever" and "its fine i just want to sleep" as a crisis while care mode is on', () => {
    const answers = ['no', 'whatever', 'its fine i just want to sleep'];
    for (const [index, answer] of answers.entries()) {
      const messages = [
        hers('a', 'i want to kill myself', 0),
        reply('a', 1, true),
        hers('b', answer, 60 + index),
      ];
      expect(riskOf(messages).lastCrisisAt, answer).toBe(T0 + (60 + index) * MINUTE);
    }
  });

  it('uses the shared readInChat: a "no" after a crisis reply raises the risk again', () => {
    const messages = [
      hers('a', 'i want to kill myself', 0),
      reply('a', 1, true),
      hers('b', 'no', 30),
    ];
    expect(chatRiskOf({ messages, readInChat: realReadInChat }).lastCrisisAt).toBe(
      T0 + 30 * MINUTE,
    );
  });

  it('does not read those words as a crisis once care mode has ended', () => {
    const later = CARE_MODE_MS / MINUTE + 10;
    const messages = [
      hers('a', 'i want to kill myself', 0),
      reply('a', 1, true),
      hers('b', 'whatever', later),
    ];
    expect(riskOf(messages).lastCrisisAt).toBe(T0 + MINUTE);
  });

  it("takes the later end of the server's careUntil and the device's own signals", () => {
    const crisis = [hers('a', 'i want to kill myself', 0)];
    const deviceEnd = T0 + CARE_MODE_MS;
    const later = new Date(deviceEnd + 60 * MINUTE).toISOString();
    const earlier = new Date(deviceEnd - 60 * MINUTE).toISOString();
    expect(careEndOf({ messages: crisis, readInChat, serverCareUntil: later })).toBe(
      Date.parse(later),
    );
    expect(careEndOf({ messages: crisis, readInChat, serverCareUntil: earlier })).toBe(deviceEnd);
    // The server's care mode alone (a crisis the device never held, or moderation's word).
    const ordinary = [hers('a', 'hi', 0)];
    expect(careEndOf({ messages: ordinary, readInChat, serverCareUntil: later })).toBe(
      Date.parse(later),
    );
  });

  it("raises the risk for her words while the server's care mode is on", () => {
    const serverCareUntil = new Date(T0 + 12 * 60 * MINUTE).toISOString();
    const messages = [hers('a', 'whatever', 0)];
    expect(riskOf(messages, serverCareUntil).lastCrisisAt).toBe(T0);
  });

  it('reads only her messages still waiting for a reply until the patterns are warm', () => {
    const messages = [hers('a', 'i want to kill myself', 0), reply('a', 1)];
    expect(chatRiskOf({ messages, readInChat, readAnswered: false }).lastCrisisAt).toBeNull();
    expect(chatRiskOf({ messages, readInChat, readAnswered: true }).lastCrisisAt).toBe(T0);
  });

  it('ignores a message with no readable time rather than failing', () => {
    const messages = [{ ...hers('a', 'i want to kill myself', 0), timestamp: 'not a time' }];
    expect(riskOf(messages).lastCrisisAt).toBeNull();
  });
});
