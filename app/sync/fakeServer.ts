import type { Mutation, MutationResult, PullAnswer, PushAnswer, SyncRows } from '@shared/sync';
import type { ChatMessage, ChatSummary } from '@shared/chat';
import { aChat, aMessage } from '../db/testData';
import type { SyncTransport } from './engine';

type Change =
  | { seq: number; kind: 'chat'; row: ChatSummary }
  | { seq: number; kind: 'message'; row: ChatMessage }
  | { seq: number; kind: 'tombstone'; id: string };

/**
 * An in-memory sync server for engine tests: applies each mutation id once, keeps a change
 * log, and can be told to fail the next calls as a network would.
 */
export class FakeSyncServer implements SyncTransport {
  readonly received: Mutation[] = [];
  readonly applied: string[] = [];
  changes: Change[] = [];
  failNext = 0;
  pageSize = 100;
  private seq = 0;
  private results = new Map<string, MutationResult>();

  change(change: { kind: 'chat'; row: ChatSummary } | { kind: 'message'; row: ChatMessage }) {
    this.changes.push({ ...change, seq: ++this.seq } as Change);
  }

  tombstone(id: string) {
    this.changes.push({ seq: ++this.seq, kind: 'tombstone', id });
  }

  push = async (mutations: Mutation[]): Promise<PushAnswer> => {
    this.maybeFail();
    this.received.push(...mutations);
    return { results: mutations.map((mutation) => this.apply(mutation)) };
  };

  pull = async (cursor: number): Promise<PullAnswer> => {
    this.maybeFail();
    const page = this.changes.filter((c) => c.seq > cursor).slice(0, this.pageSize);
    const last = page.at(-1)?.seq ?? cursor;
    return {
      ...rowsOf(page),
      cursor: last,
      hasMore: this.changes.some((c) => c.seq > last),
    };
  };

  private maybeFail() {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new TypeError('Failed to fetch');
    }
  }

  private apply(mutation: Mutation): MutationResult {
    const known = this.results.get(mutation.id);
    if (known) return known;
    this.applied.push(mutation.id);
    const before = this.changes.length;
    if (mutation.type === 'createChat') {
      this.change({ kind: 'chat', row: aChat({ id: mutation.chat.id }) });
    } else if (mutation.type === 'sendMessage') {
      const { id, message } = mutation.message;
      this.change({ kind: 'message', row: aMessage({ id, chatId: mutation.chatId, message }) });
      this.change({
        kind: 'message',
        row: aMessage({ id: `reply-${id}`, chatId: mutation.chatId, isUser: false }),
      });
    } else {
      this.tombstone(mutation.chatId);
    }
    const result: MutationResult = {
      id: mutation.id,
      status: 'applied',
      rows: rowsOf(this.changes.slice(before)),
    };
    this.results.set(mutation.id, result);
    return result;
  }
}

function rowsOf(changes: Change[]): SyncRows {
  return {
    chats: changes.flatMap((c) => (c.kind === 'chat' ? [c.row] : [])),
    messages: changes.flatMap((c) => (c.kind === 'message' ? [c.row] : [])),
    tombstones: changes.flatMap((c) =>
      c.kind === 'tombstone' ? [{ type: 'chat' as const, id: c.id }] : [],
    ),
  };
}
