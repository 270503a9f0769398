import { MEMORY_GROUPS, MEMORY_KINDS, type Memory, type MemoryKind } from '@shared/memory';
import type { Mutation } from '@shared/sync';
import { uuidv7 } from '@shared/uuid';
import { lockedHere } from './chats';
import { db } from './db';

/*
 * What her besties remember of her, as this device keeps it: read by "What your besties
 * remember" in Settings, changed by her there (each change here at once and in the outbox, in
 * one transaction: CONTRIBUTING.md §8), and by the sync engine (serverRows.ts), which keeps
 * her waiting changes on top of what the server sends. Apart from outbox.ts, which the chat's
 * first paint loads: only Settings and the sync engine ask for this.
 */

/** What she can change of a memory: an edit of one, or one she writes herself. */
export type MemoryEdit = Pick<Memory, 'id' | 'kind' | 'subject' | 'detail' | 'date' | 'personaId'>;

const outboxEntry = (mutation: Mutation) => ({ mutation, createdAt: Date.now() });

/**
 * Her words for a memory, here at once and the saveMemory mutation waiting in the outbox. The
 * caller checks them first (shared/memory-schema.ts `memoryFieldsSchema`).
 */
export async function queueSaveMemory(memory: MemoryEdit): Promise<void> {
  const { id, kind, subject, detail, date, personaId } = memory;
  const fields = { id, kind, subject: subject.trim(), detail: detail.trim(), date, personaId };
  const now = new Date().toISOString();
  await db.transaction('rw', db.memories, db.outbox, async () => {
    const kept = await db.memories.get(id);
    await db.memories.put(
      kept
        ? { ...kept, ...fields, updatedAt: now }
        : { ...fields, sourceMessageId: null, sourceChatId: null, createdAt: now, updatedAt: now },
    );
    await db.outbox.add(outboxEntry({ id: uuidv7(), type: 'saveMemory', memory: fields }));
  });
}

/** A memory her besties forget: gone here at once, the forgetMemory mutation in the outbox. */
export async function queueForgetMemory(memoryId: string): Promise<void> {
  await db.transaction('rw', db.memories, db.outbox, async () => {
    await db.memories.delete(memoryId);
    await db.outbox.add(outboxEntry({ id: uuidv7(), type: 'forgetMemory', memoryId }));
  });
}

/** "Forget everything": every memory gone here at once, forgetAllMemories in the outbox. */
export async function queueForgetAllMemories(): Promise<void> {
  await db.transaction('rw', db.memories, db.outbox, async () => {
    await db.memories.clear();
    await db.outbox.add(outboxEntry({ id: uuidv7(), type: 'forgetAllMemories' }));
  });
}

/**
 * Memories from the server with her changes still waiting in the outbox on top (the newest
 * of each wins): one she edited keeps her words, one she had forgotten (or every one made
 * before a "Forget everything" still waiting) is left out. Call inside a transaction over
 * memories and the outbox (writeRows).
 */
export async function withWaitingMemoryChanges(memories: Memory[]): Promise<Memory[]> {
  const saved = new Map<string, MemoryEdit>();
  const forgotten = new Set<string>();
  let forgotAll = false;
  for (const { mutation } of await db.outbox.orderBy('seq').toArray()) {
    if (mutation.type === 'saveMemory') {
      const { date = null, personaId = null, ...fields } = mutation.memory;
      saved.set(fields.id, { ...fields, date, personaId });
      forgotten.delete(fields.id);
    } else if (mutation.type === 'forgetMemory') {
      saved.delete(mutation.memoryId);
      forgotten.add(mutation.memoryId);
    } else if (mutation.type === 'forgetAllMemories') {
      saved.clear();
      forgotten.clear();
      forgotAll = true;
    }
  }
  return memories.flatMap((memory) => {
    const hers = saved.get(memory.id);
    if (hers) return [{ ...memory, ...hers }];
    return forgotAll || forgotten.has(memory.id) ? [] : [memory];
  });
}

export interface MemoryGroup {
  kind: MemoryKind;
  /** Its heading where she reads it: "People", "Places"... */
  heading: string;
  memories: Memory[];
}

export interface MemoriesHere {
  /** Groups in MEMORY_GROUPS order, only those with a memory. */
  groups: MemoryGroup[];
  count: number;
  /** The chats memories came from that this device holds (a link to one goes somewhere). */
  chatsHere: ReadonlySet<string>;
}

const NOTHING: MemoriesHere = { groups: [], count: 0, chatsHere: new Set() };

/**
 * Dates soonest first (undated last); the others newest first, by when they were first kept, so
 * an edit never moves one under her finger.
 */
function inGroupOrder(kind: MemoryKind, memories: Memory[]): Memory[] {
  if (kind === 'event') {
    return memories.sort(
      (a, b) =>
        (a.date ?? '9999').localeCompare(b.date ?? '9999') ||
        b.createdAt.localeCompare(a.createdAt),
    );
  }
  return memories.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Her memories, grouped as "What your besties remember" shows them (wrap in useLiveQuery).
 * Nothing while her data here is locked, as her chats show nothing then (chats.ts lockedHere).
 */
export async function memoriesByGroup(): Promise<MemoriesHere> {
  if (await lockedHere()) return NOTHING;
  return db.transaction('r', db.memories, db.chats, async () => {
    const memories = await db.memories.toArray();
    const sources = [...new Set(memories.flatMap((memory) => memory.sourceChatId ?? []))];
    const chats = await db.chats.bulkGet(sources);
    const groups = MEMORY_KINDS.map((kind) => ({
      kind,
      heading: MEMORY_GROUPS[kind],
      memories: inGroupOrder(
        kind,
        memories.filter((memory) => memory.kind === kind),
      ),
    })).filter((group) => group.memories.length > 0);
    return {
      groups,
      count: memories.length,
      chatsHere: new Set(chats.flatMap((chat) => chat?.id ?? [])),
    };
  });
}

/**
 * The memories of `ids` this device keeps, in that order (wrap in useLiveQuery): the ones a
 * reply drew on. One forgotten since is left out.
 */
export async function memoriesOf(ids: string[]): Promise<Memory[]> {
  const found = await db.memories.bulkGet(ids);
  return found.filter((memory) => memory !== undefined);
}
