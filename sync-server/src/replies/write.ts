import { ANALYSIS_TYPES, REPLY_FAILED_MESSAGE } from '@shared/chat';
import type { OcrAnalysis } from '@shared/chat';
import { ocrAnalysisSchema } from '@shared/chat-schema';
import type { Persona } from '@shared/personas';
import { inCareMode } from '@shared/safety/risk';
import { isUniqueViolation } from '../db/errors';
import { inTransaction } from '../db/database';
import type { Deps } from '../deps';
import { replyFailed, ReplyAborted } from './errors';
import { countReferral } from '../referrals/service';
import type { HistoryItem, SharedScreenshot } from './types';
import { crisisReply, replyName } from '../safety/crisis';
import { readModelReply, withoutCrisisTag } from '../safety/modelReply';
import { isCrisisMessage, modelSaysCrisis } from '../safety/service';
import type { UserRow } from '../users/repo';
import { tierOf } from '../users/service';
import * as jobsRepo from './jobsRepo';
import { shownContent } from '../chats/present';
import * as repo from '../chats/repo';
import type { ChatRow, ConversationRow, MessageRow } from '../chats/repo';
import { liveMemories } from '../memory/repo';
import type { MemoryRow } from '../memory/repo';
import { memoriesSaid, relevantMemories } from '../memory/recall';
import { repeatedSentences } from './repetition';
import { replyRow } from './send';

/** The message a reply job answers, with its chat and the chat's bestie. */
export interface ReplyTarget {
  chat: ChatRow;
  persona: Persona;
  userMessage: MessageRow;
}

/** What a provider's reply is written from. */
interface GenerateProps {
  user: UserRow;
  target: ReplyTarget;
  history: ConversationRow[];
  careMode: boolean;
  /** The stored reply this one is written in place of (she asked for a new one). */
  instead?: MessageRow;
  /** Her memories the reply may draw on, the ones that matter to her message first. */
  memories: MemoryRow[];
  signal?: AbortSignal;
  onText?: (text: string) => void;
}

/** A reply about to be stored, with the flags set from her side when it was written. */
interface WrittenReply {
  text: string;
  isCrisis: boolean;
  /** A model's text carrying crisis help to a message not judged a crisis. */
  helpCard: boolean;
  /** Written while the chat was in care mode (or as its crisis reply): whole for every plan. */
  care: boolean;
  /** The ids of her memories it speaks of. */
  usedMemories?: string[];
}

/**
 * Writes and stores the bestie's reply to her message: the crisis reply (never a model) when
 * her message reads as suicide or self-harm intent in the light of her chat's risk state,
 * else the provider's (with the care-mode prompt while the chat is in care mode). A crisis
 * sets the chat's risk state in the reply's own transaction. `onText` gets the provider's
 * pieces as they come. Throws replyFailed (502) when the provider fails and ReplyAborted when
 * `signal` ends it; nothing is stored then. Answers undefined when her message is gone
 * meanwhile (the chat was deleted). `replaces`: the stored reply her job writes again (she
 * asked for a new one), which keeps its place and takes the new text; any other stored reply
 * is the job's answer as it is.
 */
export async function writeReply(
  deps: Deps,
  props: {
    user: UserRow;
    target: ReplyTarget;
    replaces?: string | null;
    signal?: AbortSignal;
    onText?: (text: string) => void;
  },
): Promise<MessageRow | undefined> {
  const { target, user } = props;
  const stored = await repo.findReplyTo(deps.db, target.userMessage.id);
  if (stored && stored.id !== props.replaces) {
    await jobsRepo.markDone(deps.db, { messageId: target.userMessage.id, now: deps.now() });
    return stored;
  }
  const instead = stored;
  const history = await conversationUpTo(deps, target);
  // The chat's risk as stored now: the send's copy of the chat may predate the last reply.
  const risk = { lastCrisisAt: await repo.lastCrisisAt(deps.db, target.chat.id) };
  const careMode = inCareMode(risk, deps.now());
  // Stopped while these were read (a shutdown): no provider is asked.
  if (props.signal?.aborted) throw new ReplyAborted();
  const texts = [target.userMessage.content, target.userMessage.extractedText];
  // Read in the light of the chat: in care mode, "no" to "are you safe?" is a crisis too.
  const crisis = await isCrisisMessage(deps, {
    texts,
    riskRaised: careMode,
    signal: props.signal,
  });
  const crisisWritten = (): WrittenReply => ({
    text: crisisReply(target.persona, replyName(user), texts.filter(Boolean).join('\n')),
    isCrisis: true,
    helpCard: false,
    care: true,
  });
  const memories = crisis ? [] : await memoriesFor(deps, target);
  const reply: WrittenReply = crisis
    ? crisisWritten()
    : await generateWithSecondOpinion(deps, {
        ...props,
        history,
        careMode,
        instead,
        memories,
        texts,
        crisisWritten,
      });
  // A crisis reply is help, not the bestie's own words: it draws on none of them.
  const usedMemories = reply.isCrisis ? [] : memoriesSaid(reply.text, memories);
  return storeReply(deps, { target, reply: { ...reply, usedMemories }, instead });
}

/**
 * The provider's reply, written while the model checks her message (modelSaysCrisis, bounded
 * by SAFETY_CHECK_TIMEOUT_MS). Its pieces stream as they come: the check never holds back what
 * she reads. A crisis verdict stops the generation and answers with the crisis reply (even when
 * the generation failed), which takes the place of whatever streamed; a slow or failed check
 * lets the reply through as it is. Only a reply done before the check waits for it, at most
 * the bound.
 */
async function generateWithSecondOpinion(
  deps: Deps,
  props: GenerateProps & {
    texts: (string | null)[];
    crisisWritten: () => WrittenReply;
  },
): Promise<WrittenReply> {
  if (!deps.replies.checkCrisis || deps.config.safetyCheckTimeoutMs <= 0) {
    return modelReply(await generate(deps, props), props.careMode);
  }
  const generation = new AbortController();
  const stop = () => generation.abort();
  props.signal?.addEventListener('abort', stop, { once: true });
  try {
    const generated = generate(deps, { ...props, signal: generation.signal });
    // Settled here, so an abandoned generation's rejection is never unhandled.
    const outcome = generated.then(
      (text) => ({ text }),
      (error: unknown) => ({ error }),
    );
    const flagged = await modelSaysCrisis(deps, { texts: props.texts, signal: props.signal });
    if (props.signal?.aborted) throw new ReplyAborted();
    if (flagged) {
      generation.abort();
      return props.crisisWritten();
    }
    const done = await outcome;
    if ('error' in done) throw done.error;
    return modelReply(done.text, props.careMode);
  } finally {
    props.signal?.removeEventListener('abort', stop);
  }
}

/** A provider's reply, flagged from her side: help in its text decides nothing but the card. */
function modelReply(raw: string, careMode: boolean): WrittenReply {
  const { text, carriesHelp } = readModelReply(raw);
  return { text, isCrisis: false, helpCard: carriesHelp, care: careMode };
}

/** Screenshots whose text a reply reads, at most: the newest up to her message. */
export const SCREENSHOT_ROW_LIMIT = 5;

/**
 * The chat as the provider should read it, up to her message: the newest messages, as many
 * as the provider reads (`historyRows`; older ones are never read), each of hers followed by
 * its reply (a reply is stored after any message she sent meanwhile), oldest first.
 */
async function conversationUpTo(deps: Deps, target: ReplyTarget): Promise<ConversationRow[]> {
  const { chatSeq } = target.userMessage;
  const messages = await repo.conversationRows(deps.db, {
    chatId: target.chat.id,
    uptoSeq: chatSeq,
    limit: deps.replies.historyRows,
  });
  const seqById = new Map(messages.map((row) => [row.id, row.chatSeq]));
  const turnOf = (row: ConversationRow) =>
    row.replyTo === null ? row.chatSeq : (seqById.get(row.replyTo) ?? row.chatSeq) + 0.5;
  return messages.filter((row) => turnOf(row) <= chatSeq).sort((a, b) => turnOf(a) - turnOf(b));
}

/**
 * Her memories this bestie may use (every bestie's, and those kept to this one), the ones
 * that matter to her message first. Kept from earlier messages: this one's are kept after
 * its reply.
 */
async function memoriesFor(deps: Deps, target: ReplyTarget): Promise<MemoryRow[]> {
  const all = await liveMemories(deps.db, target.userMessage.userId);
  const usable = all.filter(
    (memory) => memory.personaId === null || memory.personaId === target.persona.id,
  );
  return relevantMemories(target.userMessage.content, usable);
}

/** The screenshot her message shares, as the provider reads it; undefined for a plain message. */
function sharedScreenshotOf(message: MessageRow): SharedScreenshot | undefined {
  if (message.isOcr !== 1 && message.isEnhancedOcr !== 1) return undefined;
  const analysisType = ANALYSIS_TYPES.find((type) => type === message.analysisType) ?? null;
  let analysis: OcrAnalysis | null = null;
  try {
    const parsed = ocrAnalysisSchema.safeParse(JSON.parse(message.ocrAnalysis ?? 'null'));
    analysis = parsed.success ? parsed.data : null;
  } catch {
    // A stored analysis that does not parse is read as none.
  }
  return { text: message.extractedText ?? '', analysisType, analysis };
}

/**
 * The provider's reply. One that says again a long sentence of an earlier reply of the chat
 * (replies/repetition.ts) is written once more, told which, and that one stands: its pieces
 * are not streamed, since the first one's already were; the stored reply takes its place on
 * her screen, as a crisis reply does. Care mode's help may come again, so it is not retried.
 */
async function generate(deps: Deps, props: GenerateProps): Promise<string> {
  const text = await generateOnce(deps, props);
  if (props.careMode) return text;
  const earlier = props.history.filter((row) => row.role === 'assistant').map((r) => r.content);
  if (props.instead) earlier.push(props.instead.content);
  const avoid = repeatedSentences(text, earlier);
  if (avoid.length === 0) return text;
  deps.logger.info(
    { provider: deps.replies.name, repeated: avoid.length },
    'reply repeated an earlier one; writing it again',
  );
  return generateOnce(deps, { ...props, onText: undefined, avoid });
}

async function generateOnce(
  deps: Deps,
  props: GenerateProps & { avoid?: string[] },
): Promise<string> {
  const { target, signal, history } = props;
  const viewer = { tier: await tierOf(deps, { userId: props.user.id }), persona: target.persona };
  const screenshotText = await repo.screenshotTexts(deps.db, {
    chatId: target.chat.id,
    uptoSeq: target.userMessage.chatSeq,
    limit: SCREENSHOT_ROW_LIMIT,
  });
  // Stopped while these were read: no provider is asked (one given a signal already aborted
  // may never hear it).
  if (signal?.aborted) throw new ReplyAborted();
  let text = '';
  const shown = withoutCrisisTag(props.onText);
  try {
    for await (const piece of deps.replies.generate({
      persona: target.persona,
      // Only what she was shown: a free user's earlier replies enter as the teasers she saw.
      history: history.map((row): HistoryItem => ({
        role: row.role,
        content: shownContent(row, viewer),
      })),
      // Only the name she set, never her email's local part.
      user: {
        name: replyName(props.user),
        ageRange: props.user.ageRange,
        location: props.user.location,
      },
      screenshotText,
      screenshot: sharedScreenshotOf(target.userMessage),
      signal,
      // Written again: another draw than the reply it replaces (whose time differs each time).
      seed: props.instead
        ? `${target.userMessage.id}:${props.instead.createdAt}`
        : target.userMessage.id,
      ...(props.instead ? { instead: props.instead.content } : {}),
      careMode: props.careMode,
      memories: props.memories,
      ...(props.avoid ? { avoid: props.avoid } : {}),
    })) {
      if (signal?.aborted) throw new ReplyAborted();
      text += piece;
      shown.push(piece);
    }
    shown.end();
  } catch (error) {
    if (signal?.aborted) throw new ReplyAborted();
    deps.logger.error({ err: error, provider: deps.replies.name }, 'reply provider failed');
    throw replyFailed();
  }
  // A provider may end quietly on abort: a reply cut short is never stored.
  if (signal?.aborted) throw new ReplyAborted();
  if (text.trim() === '') {
    deps.logger.error({ provider: deps.replies.name }, 'reply provider answered nothing');
    throw replyFailed();
  }
  return text.trim();
}

/**
 * Stores the reply and marks its job done, in one transaction; a crisis reply records the
 * chat's crisis signal in it too. A reply stored first by another runner of the same job wins
 * (messages_one_reply); a message deleted meanwhile gets none. `instead`: the stored reply
 * this one takes the place of.
 */
async function storeReply(
  deps: Deps,
  props: { target: ReplyTarget; reply: WrittenReply; instead?: MessageRow },
): Promise<MessageRow | undefined> {
  const { chat, userMessage } = props.target;
  const { reply: written, instead } = props;
  const now = deps.now();
  try {
    return await inTransaction(
      deps.db,
      async (db) => {
        // Her writes take turns from here, so the reads below see every one before it.
        await repo.lockHerChanges(db, userMessage.userId);
        if (!(await repo.messageExists(db, userMessage.id))) return undefined;
        if (written.isCrisis) await repo.recordCrisisSignal(db, { chatId: chat.id, at: now });
        const row = replyRow(written.text, written, { answers: userMessage, now });
        const reply = instead
          ? await repo.rewriteReply(db, { ...row, id: instead.id })
          : await repo.appendMessage(db, { message: row });
        if (!reply) return undefined;
        await jobsRepo.markDone(db, { messageId: userMessage.id, now });
        if (written.isCrisis) await countReferral({ ...deps, db }, { kind: 'crisis_reply' });
        return reply;
      },
      { lockedRows: true },
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await jobsRepo.markDone(deps.db, { messageId: userMessage.id, now });
    return repo.findReplyTo(deps.db, userMessage.id);
  }
}

/**
 * Records that the reply could not be written: the job (while this claim holds it) is failed
 * and her message carries REPLY_FAILED_MESSAGE with a new change, so a pull shows it. Sending
 * the same message id again queues it anew. A reply being written again (`replaces`) stays as
 * it was instead, sent again. False when the claim had lost the job.
 */
export async function recordReplyFailure(
  deps: Deps,
  claim: { messageId: string; userId: string; attempts: number; replaces: string | null },
): Promise<boolean> {
  return inTransaction(deps.db, async (db) => {
    const failed = await jobsRepo.markFailed(db, { ...claim, now: deps.now() });
    if (failed && claim.replaces) {
      // A reply she asked to have written again stays as it was, and her devices show it again.
      await repo.resendMessage(db, { id: claim.replaces, userId: claim.userId });
    } else if (failed) {
      await repo.setReplyError(db, {
        id: claim.messageId,
        replyError: REPLY_FAILED_MESSAGE,
        changeSeq: await repo.nextChangeSeq(db, claim.userId),
      });
    }
    return failed;
  });
}
