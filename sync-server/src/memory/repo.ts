import type { Memory } from '@shared/memory';
import type { Db } from '../db/database';
import { nextChangeSeq } from '../chats/repo';

/** A memories row (migration 016): the memory as she reads it, with times in ms. */
export interface MemoryRow extends Omit<Memory, 'createdAt' | 'updatedAt'> {
  userId: string;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
  changeSeq: number;
}

const MEMORY_COLUMNS = [
  'id',
  'user_id as userId',
  'kind',
  'subject',
  'detail',
  'date',
  'persona_id as personaId',
  'source_message_id as sourceMessageId',
  'source_chat_id as sourceChatId',
  'created_at as createdAt',
  'updated_at as updatedAt',
  'deleted_at as deletedAt',
  'change_seq as changeSeq',
] as const;

export type NewMemory = Omit<MemoryRow, 'changeSeq' | 'deletedAt' | 'updatedAt'>;

/** Stores a memory with the next number of her change sequence. Inside the write's transaction. */
export async function insertMemory(db: Db, memory: NewMemory): Promise<void> {
  await db
    .insertInto('memories')
    .values({
      id: memory.id,
      user_id: memory.userId,
      kind: memory.kind,
      subject: memory.subject,
      detail: memory.detail,
      date: memory.date,
      persona_id: memory.personaId,
      source_message_id: memory.sourceMessageId,
      source_chat_id: memory.sourceChatId,
      created_at: memory.createdAt,
      updated_at: memory.createdAt,
      change_seq: await nextChangeSeq(db, memory.userId),
    })
    .execute();
}

/** Her words for a memory, changed, with the next number of her change sequence. */
export async function updateMemory(
  db: Db,
  memory: Pick<MemoryRow, 'id' | 'userId' | 'subject' | 'detail' | 'date' | 'personaId'> &
    Partial<Pick<MemoryRow, 'sourceMessageId' | 'sourceChatId'>> & { updatedAt: number },
): Promise<void> {
  await db
    .updateTable('memories')
    .set({
      subject: memory.subject,
      detail: memory.detail,
      date: memory.date,
      persona_id: memory.personaId,
      ...(memory.sourceMessageId !== undefined && { source_message_id: memory.sourceMessageId }),
      ...(memory.sourceChatId !== undefined && { source_chat_id: memory.sourceChatId }),
      updated_at: memory.updatedAt,
      change_seq: await nextChangeSeq(db, memory.userId),
    })
    .where('id', '=', memory.id)
    .execute();
}

/** Leaves a tombstone of each (for sync): its words gone, a new change number each. */
export async function forgetMemories(
  db: Db,
  props: { userId: string; ids: string[]; at: number },
): Promise<void> {
  for (const id of props.ids) {
    await db
      .updateTable('memories')
      .set({
        subject: '',
        detail: '',
        date: null,
        source_message_id: null,
        deleted_at: props.at,
        updated_at: props.at,
        change_seq: await nextChangeSeq(db, props.userId),
      })
      .where('id', '=', id)
      .where('user_id', '=', props.userId)
      .where('deleted_at', 'is', null)
      .execute();
  }
}

export async function findMemory(db: Db, id: string): Promise<MemoryRow | undefined> {
  return db.selectFrom('memories').select(MEMORY_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Her memories she has not forgotten, oldest first (those of one moment as they were kept). */
export async function liveMemories(db: Db, userId: string): Promise<MemoryRow[]> {
  return db
    .selectFrom('memories')
    .select(MEMORY_COLUMNS)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('change_seq')
    .execute();
}

/** Her memories (live and tombstones) changed after `cursor`, in change order, at most `limit`. */
export async function memoriesChangedSince(
  db: Db,
  q: { userId: string; cursor: number; limit: number },
): Promise<MemoryRow[]> {
  return db
    .selectFrom('memories')
    .select(MEMORY_COLUMNS)
    .where('user_id', '=', q.userId)
    .where('change_seq', '>', q.cursor)
    .orderBy('change_seq')
    .limit(q.limit)
    .execute();
}

/** Memories by id (any state); ids not found are left out. */
export async function memoriesByIds(db: Db, ids: string[]): Promise<MemoryRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('memories')
    .select(MEMORY_COLUMNS)
    .where('id', 'in', ids)
    .orderBy('change_seq')
    .execute();
}
