import type { Mutation, MutationResult, PullAnswer, PushAnswer, SyncRows } from '@shared/sync';
import { type Chat, type ChatMessage, type ChatSummary, type SendMessageBody } from '@shared/chat';
import { ocrFieldsSchema } from '@shared/chat-schema';
import { DEFAULT_PERSONA_ID, personaById, personaGreeting } from '@shared/personas';
import { type ProfileUpdate } from '@shared/account';
import { profileUpdateSchema } from '@shared/account-schema';
import type { Memory } from '@shared/memory';
import type { PublicUser } from '@shared/user';
import { aChat, aMessage } from '../db/testData';
import type { SyncTransport } from './engine';
import { USER } from '../testUser';

type Change =
  | { seq: number; kind: 'chat'; row: ChatSummary }
  | { seq: number; kind: 'message'; row: ChatMessage }
  | { seq: number; kind: 'memory'; row: Memory }
  | { seq: number; kind: 'tombstone'; id: string; of?: 'memory' };

/** How the fake bestie answers a message: its text in pieces (and whether it is a teaser), or a failure. */
export type ReplyPlan = { pieces: string[]; isTeaser?: boolean } | { failure: string };

/**
 * An in-memory sync server for tests: applies each mutation id once and acknowledges it at
 * once (her message, no reply), keeps a change log for pulls, writes a reply when asked (as the
 * real server's reply job does), and can be told to fail the next calls as a network would.
 */
export class FakeSyncServer implements SyncTransport {
  readonly received: Mutation[] = [];
  readonly applied: string[] = [];
  changes: Change[] = [];
  failNext = 0;
  /** What a failing call throws: by default what fetch throws with no network. */
  failWith: () => Error = () => new TypeError('Failed to fetch');
  pageSize = 100;
  /** How the next replies are written; a test may change it. */
  replyWith: (message: ChatMessage) => ReplyPlan = () => ({ pieces: ['Hey ', 'you'] });
  /** While set, pulls wait for it (a slow network on the first sync). */
  pullGate: Promise<void> | null = null;
  /** Write each reply as soon as her message is stored (a job faster than the push's answer). */
  replyAtOnce = false;
  /** The bestie takes her time: a reply stream never answers (the reply is never written). */
  replyStreamsHang = false;
  /** Images stored by uploadImage, by URL, and every call in the order it came. */
  readonly images = new Map<string, { image: Blob; text: string }>();
  readonly calls: string[] = [];
  /** Her account as this server keeps it; updateProfile changes it and answers with it. */
  user: PublicUser = { ...USER };
  /** While set, updateProfile mutations are refused with this message (as a 400 would). */
  refuseProfileWith: string | null = null;
  /** Set: regenerateReply mutations are rejected with this message (a 429, as past her limit). */
  refuseRegenerateWith: string | null = null;
  /** Help shown as countHelpShown mutations reported it, each applied once. */
  readonly helpShown: { day: string; count: number }[] = [];
  private seq = 0;
  private results = new Map<string, MutationResult>();
  private messages = new Map<string, ChatMessage>();
  private chatIds = new Set<string>();

  change(change: { kind: 'chat'; row: ChatSummary } | { kind: 'message'; row: ChatMessage }) {
    if (change.kind === 'message') this.messages.set(change.row.id, change.row);
    else this.chatIds.add(change.row.id);
    this.changes.push({ ...change, seq: ++this.seq } as Change);
  }

  /** What her besties remember, as stored here (by id; forgotten ones are gone). */
  readonly memories = new Map<string, Memory>();

  /** A memory it has, as the server's extractor or her other device wrote it. */
  keepMemory(memory: Memory) {
    this.memories.set(memory.id, memory);
    this.changes.push({ seq: ++this.seq, kind: 'memory', row: memory });
  }

  private forget(id: string) {
    if (!this.memories.delete(id)) return;
    this.changes.push({ seq: ++this.seq, kind: 'tombstone', id, of: 'memory' });
  }

  /** A chat it already has, with its messages. */
  addChat(chat: Chat) {
    const { messages, ...summary } = chat;
    this.change({ kind: 'chat', row: summary });
    for (const message of messages) this.change({ kind: 'message', row: message });
  }

  tombstone(id: string) {
    this.changes.push({ seq: ++this.seq, kind: 'tombstone', id });
  }

  uploadImage = async (image: Blob, text: string): Promise<{ imageUrl: string }> => {
    this.maybeFail();
    const imageUrl = `/api/images/image-${this.images.size + 1}`;
    this.images.set(imageUrl, { image, text });
    this.calls.push(`upload ${imageUrl}`);
    return { imageUrl };
  };

  push = async (mutations: Mutation[]): Promise<PushAnswer> => {
    this.maybeFail();
    this.received.push(...mutations);
    this.calls.push(...mutations.map((m) => `push ${m.type}`));
    return { results: mutations.map((mutation) => this.apply(mutation)) };
  };

  pull = async (cursor: number): Promise<PullAnswer> => {
    await this.pullGate;
    this.maybeFail();
    const page = this.changes.filter((c) => c.seq > cursor).slice(0, this.pageSize);
    const last = page.at(-1)?.seq ?? cursor;
    return {
      ...rowsOf(page),
      cursor: last,
      hasMore: this.changes.some((c) => c.seq > last),
    };
  };

  /** Her message, as stored here. */
  message(id: string): ChatMessage | undefined {
    return this.messages.get(id);
  }

  /** The reply to her message `id`, once written. */
  replyTo(id: string): ChatMessage | undefined {
    return (
      this.messages.get(`reply-${id}`) ?? [...this.messages.values()].find((m) => m.replyTo === id)
    );
  }

  /**
   * Writes the reply to her message as the reply job would: the stored reply, or the failure
   * recorded on her message. Returns what was written.
   */
  writeReply(id: string): { reply: ChatMessage; pieces: string[] } | { failure: string } {
    const mine = this.messages.get(id);
    if (!mine) throw new Error(`No message ${id}`);
    const existing = this.replyTo(id);
    if (existing) return { reply: existing, pieces: [] };
    // A failed reply stays failed until she sends the message again.
    if (mine.replyError) return { failure: mine.replyError };
    const plan = this.replyWith(mine);
    if ('failure' in plan) {
      this.change({ kind: 'message', row: { ...mine, replyError: plan.failure } });
      return { failure: plan.failure };
    }
    const reply = aMessage({
      id: `reply-${id}`,
      chatId: mine.chatId,
      seq: this.nextSeq(mine.chatId),
      isUser: false,
      replyTo: id,
      isTeaser: plan.isTeaser ?? false,
      message: plan.pieces.join(''),
      // Stamped when written, as the server does.
      timestamp: new Date().toISOString(),
    });
    this.change({ kind: 'message', row: reply });
    return { reply, pieces: reply.isTeaser ? [] : plan.pieces };
  }

  private maybeFail() {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw this.failWith();
    }
  }

  private nextSeq(chatId: string): number {
    return [...this.messages.values()].filter((m) => m.chatId === chatId).length + 1;
  }

  private addMessage(chatId: string, id: string, message: string, ocr: OcrPart = {}) {
    const earlier = this.messages.get(id);
    // The same message again: a retry of a reply that failed (the reply job runs again).
    if (earlier) {
      if (earlier.replyError)
        this.change({ kind: 'message', row: { ...earlier, replyError: null } });
      return;
    }
    this.change({
      kind: 'message',
      row: aMessage({ ...ocrFieldsOf(ocr), id, chatId, message, seq: this.nextSeq(chatId) }),
    });
    if (this.replyAtOnce) this.writeReply(id);
  }

  private rewriteReply(replyId: string) {
    const old = this.messages.get(replyId);
    const mine = old?.replyTo ? this.messages.get(old.replyTo) : undefined;
    if (!old || !mine) return;
    const plan = this.replyWith(mine);
    if ('failure' in plan) return;
    this.change({
      kind: 'message',
      row: {
        ...old,
        message: plan.pieces.join(''),
        isTeaser: plan.isTeaser ?? false,
        timestamp: new Date().toISOString(),
      },
    });
  }

  private apply(mutation: Mutation): MutationResult {
    const known = this.results.get(mutation.id);
    if (known) return known;
    this.applied.push(mutation.id);
    const before = this.changes.length;
    if (mutation.type === 'createChat') {
      const { id, messageId, greetingId, message, personaId, ...ocr } = mutation.chat;
      const persona = personaById(personaId ?? DEFAULT_PERSONA_ID);
      const { name, description, avatar } = persona ?? aChat({ id }).persona;
      const isNew = !this.chatIds.has(id);
      this.change({
        kind: 'chat',
        row: aChat({ id, persona: { id: persona?.id ?? 1, name, description, avatar } }),
      });
      // A new chat from the persona picker opens with the bestie's greeting, as the server's.
      if (greetingId && isNew) {
        this.change({
          kind: 'message',
          row: aMessage({
            id: greetingId,
            chatId: id,
            seq: this.nextSeq(id),
            isUser: false,
            avatar,
            message: personaGreeting({ name, description }),
            timestamp: new Date().toISOString(),
          }),
        });
      }
      if (messageId && message) this.addMessage(id, messageId, message, ocr);
    } else if (mutation.type === 'sendMessage') {
      const { id, message, ...ocr } = mutation.message;
      this.addMessage(mutation.chatId, id, message, ocr);
    } else if (mutation.type === 'deleteChat') {
      this.tombstone(mutation.chatId);
    } else if (mutation.type === 'renameChat') {
      const chat = this.changes.findLast(
        (change) => change.kind === 'chat' && change.row.id === mutation.chatId,
      );
      if (chat?.kind === 'chat') {
        this.change({ kind: 'chat', row: { ...chat.row, title: mutation.title.trim() } });
      }
    } else if (mutation.type === 'regenerateReply') {
      const rows = rowsOf([]);
      const message = this.refuseRegenerateWith;
      if (message !== null) {
        const error = { status: 429, code: 'rate_limited', message };
        return this.remember(mutation.id, { id: mutation.id, status: 'rejected', rows, error });
      }
      // Written again in its place at once; as the server's, it comes with the next pull.
      this.rewriteReply(mutation.messageId);
      return this.remember(mutation.id, { id: mutation.id, status: 'applied', rows });
    } else if (mutation.type === 'editMessage') {
      const mine = this.messages.get(mutation.messageId);
      const reply = this.replyTo(mutation.messageId);
      if (!mine || !reply) throw new Error(`No answered message ${mutation.messageId}`);
      this.change({ kind: 'message', row: { ...mine, message: mutation.message } });
      const rows = rowsOf(this.changes.slice(before));
      // Its reply, written again in its place, comes with the next pull (as the server's).
      this.rewriteReply(reply.id);
      return this.remember(mutation.id, { id: mutation.id, status: 'applied', rows });
    } else if (mutation.type === 'countHelpShown') {
      this.helpShown.push({ day: mutation.day, count: mutation.count });
    } else if (mutation.type === 'saveMemory') {
      const earlier = this.memories.get(mutation.memory.id);
      const at = new Date().toISOString();
      this.keepMemory({
        sourceMessageId: null,
        sourceChatId: null,
        createdAt: at,
        ...earlier,
        ...mutation.memory,
        date: mutation.memory.date ?? null,
        personaId: mutation.memory.personaId ?? null,
        updatedAt: at,
      });
    } else if (mutation.type === 'forgetMemory') {
      this.forget(mutation.memoryId);
    } else if (mutation.type === 'forgetAllMemories') {
      for (const id of [...this.memories.keys()]) this.forget(id);
    } else {
      return this.remember(mutation.id, this.updateProfile(mutation.id, mutation.profile));
    }
    return this.remember(mutation.id, {
      id: mutation.id,
      status: 'applied',
      rows: rowsOf(this.changes.slice(before)),
    });
  }

  private remember(id: string, result: MutationResult): MutationResult {
    this.results.set(id, result);
    return result;
  }

  private updateProfile(id: string, profile: ProfileUpdate): MutationResult {
    const rows = rowsOf([]);
    const parsed = profileUpdateSchema.safeParse(profile);
    const refusal = this.refuseProfileWith ?? parsed.error?.issues[0]?.message;
    if (refusal !== undefined || !parsed.success) {
      const message = refusal ?? 'Invalid profile';
      return { id, status: 'rejected', rows, error: { status: 400, code: 'validation', message } };
    }
    const { metadata, name, profileImage, theme } = parsed.data;
    const user = this.user;
    this.user = {
      ...user,
      ...(name !== undefined && { name }),
      ...(profileImage !== undefined && { profileImage }),
      ...(theme !== undefined && { theme }),
      metadata: {
        ageRange:
          metadata?.ageRange !== undefined
            ? metadata.ageRange
            : metadata?.age !== undefined
              ? metadata.age
              : user.metadata.ageRange,
        location: metadata?.location !== undefined ? metadata.location : user.metadata.location,
      },
    };
    return { id, status: 'applied', rows, user: this.user };
  }
}

type OcrPart = Partial<Pick<SendMessageBody, keyof typeof ocrFieldsSchema.shape>>;

/** The screenshot fields a mutation carried, as the server stores them. */
function ocrFieldsOf(ocr: OcrPart): Partial<ChatMessage> {
  const fields: Partial<ChatMessage> = {};
  for (const key of Object.keys(ocrFieldsSchema.shape) as (keyof OcrPart)[]) {
    if (ocr[key] !== undefined) Object.assign(fields, { [key]: ocr[key] });
  }
  return fields;
}

function rowsOf(changes: Change[]): SyncRows {
  const memories = changes.flatMap((c) => (c.kind === 'memory' ? [c.row] : []));
  return {
    chats: changes.flatMap((c) => (c.kind === 'chat' ? [c.row] : [])),
    messages: changes.flatMap((c) => (c.kind === 'message' ? [c.row] : [])),
    tombstones: changes.flatMap((c) =>
      c.kind === 'tombstone' ? [{ type: c.of ?? ('chat' as const), id: c.id }] : [],
    ),
    ...(memories.length > 0 ? { memories } : {}),
  };
}
