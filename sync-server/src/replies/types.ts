import type { AnalysisType, OcrAnalysis } from '@shared/chat';
import type { Persona } from '@shared/personas';
import type { ExtractedMemory } from '../memory/extract';
import type { RecalledMemory } from '../memory/recall';

export interface HistoryItem {
  role: 'user' | 'assistant';
  content: string;
}

/** What the prompt may know about her (spec §3 metadata), when she told us. */
export interface ReplyUser {
  /** The name she set, or '' when she set none (never her email). */
  name: string;
  ageRange: string | null;
  location: string | null;
}

/** The screenshot shared with the message being answered (an OCR message). */
export interface SharedScreenshot {
  /** The text read from it ('' when none could be). */
  text: string;
  /** The analysis type she chose, when she had the enhanced analysis. */
  analysisType: AnalysisType | null;
  /** The enhanced analysis that came with it, if any. */
  analysis: OcrAnalysis | null;
}

export interface ReplyRequest {
  persona: Persona;
  /** The chat oldest first, ending with the message to answer. */
  history: HistoryItem[];
  user: ReplyUser;
  /** Text read from screenshots shared in this chat, oldest first. */
  screenshotText: string[];
  /** The screenshot her message shares, when it is a screenshot (OCR) message. */
  screenshot?: SharedScreenshot;
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
  /** Makes the built-in engine's choices repeatable (the user message id). */
  seed?: string;
  /**
   * The chat is in care mode (a crisis signal from her side in the last 24 hours): her
   * safety comes first and the reply keeps pointing to human help.
   */
  careMode?: boolean;
  /**
   * Sentences of her bestie's earlier replies in this chat that the reply must not say again:
   * set when a first reply repeated them and this is its one retry.
   */
  avoid?: string[];
  /** Her bestie's reply to this message that she asked to have written again: say something new. */
  instead?: string;
  /**
   * What she told her besties before, in any chat (her memories this bestie may use), the
   * ones that matter to her message first, within a budget (memory/recall.ts).
   */
  memories?: RecalledMemory[];
}

/** Writes a bestie's reply, as pieces of text in order. */
export interface ReplyProvider {
  readonly name: 'openai' | 'builtin';
  /**
   * Messages of the chat it reads at most, hers and replies, the newest up to the one it
   * answers: the server reads no more of the chat than this for a reply.
   */
  readonly historyRows: number;
  generate(request: ReplyRequest): AsyncIterable<string>;
  /** The provider's own self-harm check, when it has one. */
  flagsSelfHarm?(text: string, signal?: AbortSignal): Promise<boolean>;
  /**
   * The model's reading of her message: a suicide or self-harm crisis or not (a second
   * opinion beside the detector). Rejects when the model cannot answer.
   */
  checkCrisis?(text: string, signal?: AbortSignal): Promise<boolean>;
  /**
   * The facts her message states, by the model (structured output); `at` is when she sent it.
   * Without it, the built-in rules read them (memory/extract.ts).
   */
  extractMemories?(text: string, at: Date, signal?: AbortSignal): Promise<ExtractedMemory[]>;
}
