import type { Memory } from '@shared/memory';
import { uuidv7 } from '@shared/uuid';
import { inTransaction } from '../db/database';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { lockHerChanges } from '../chats/repo';
import type { MessageRow } from '../chats/repo';
import { extractMemories } from './extract';
import type { ExtractedMemory } from './extract';
import * as repo from './repo';
import type { MemoryRow } from './repo';

export const memoryNotFound = () => notFound('Memory not found');

/**
 * What her message tells of her, kept (read by the model, or by the built-in rules): a fact she
 * states again about the same one ("Emma") takes the place of what was kept, pointing at the
 * newer message; a new one is added. Only her own words: never a screenshot's text, never a
 * reply. Answers the memories written.
 */
export async function rememberFrom(deps: Deps, message: MessageRow): Promise<MemoryRow[]> {
  if (message.role !== 'user' || message.isOcr === 1 || message.isEnhancedOcr === 1) return [];
  const facts = await factsOf(deps, message);
  if (facts.length === 0) return [];
  return inTransaction(
    deps.db,
    async (db) => {
      await lockHerChanges(db, message.userId);
      const kept = await repo.liveMemories(db, message.userId);
      const now = deps.now();
      const written: string[] = [];
      for (const fact of facts) {
        const same = kept.find(
          (memory) =>
            memory.kind === fact.kind &&
            memory.subject.toLowerCase() === fact.subject.toLowerCase(),
        );
        const source = { sourceMessageId: message.id, sourceChatId: message.chatId };
        if (same) {
          if (same.detail === fact.detail && same.date === fact.date) continue;
          await repo.updateMemory(db, { ...same, ...fact, ...source, updatedAt: now });
          written.push(same.id);
        } else {
          const id = uuidv7(now);
          await repo.insertMemory(db, {
            id,
            userId: message.userId,
            ...fact,
            personaId: null,
            ...source,
            createdAt: now,
          });
          written.push(id);
        }
      }
      return repo.memoriesByIds(db, written);
    },
    { lockedRows: true },
  );
}

/**
 * What her message states: by the configured model (structured output), else by the built-in
 * rules; a model that fails or answers out of shape leaves it to the rules.
 */
async function factsOf(deps: Deps, message: MessageRow): Promise<ExtractedMemory[]> {
  const at = new Date(message.createdAt);
  const { extractMemories: byModel } = deps.replies;
  if (!byModel) return extractMemories(message.content, at);
  try {
    return await byModel(message.content, at);
  } catch (error) {
    deps.logger.warn({ err: error }, 'memory extraction by the model failed; the rules read it');
    return extractMemories(message.content, at);
  }
}

/**
 * Her words for a memory (the saveMemory mutation): an edit of one she has, or one she adds.
 * 404 for one that is someone else's or that she has forgotten.
 */
export async function saveMemory(
  deps: Deps,
  props: {
    userId: string;
    memory: Pick<Memory, 'id' | 'kind' | 'subject' | 'detail' | 'date' | 'personaId'>;
  },
): Promise<void> {
  const { userId, memory } = props;
  const now = deps.now();
  const stored = await repo.findMemory(deps.db, memory.id);
  if (stored && (stored.userId !== userId || stored.deletedAt !== null)) throw memoryNotFound();
  if (stored) {
    await repo.updateMemory(deps.db, { ...memory, userId, updatedAt: now });
  } else {
    await repo.insertMemory(deps.db, {
      ...memory,
      userId,
      sourceMessageId: null,
      sourceChatId: null,
      createdAt: now,
    });
  }
}

/** Forgets one of her memories (the forgetMemory mutation); again, nothing. 404 if not hers. */
export async function forgetMemory(
  deps: Deps,
  props: { userId: string; memoryId: string },
): Promise<void> {
  const stored = await repo.findMemory(deps.db, props.memoryId);
  if (!stored || stored.userId !== props.userId) throw memoryNotFound();
  await repo.forgetMemories(deps.db, { userId: props.userId, ids: [stored.id], at: deps.now() });
}

/** "Forget everything": every memory of hers, each left as a tombstone. Answers their ids. */
export async function forgetAllMemories(deps: Deps, props: { userId: string }): Promise<string[]> {
  const ids = (await repo.liveMemories(deps.db, props.userId)).map((memory) => memory.id);
  await repo.forgetMemories(deps.db, { userId: props.userId, ids, at: deps.now() });
  return ids;
}

/** A memory as the API presents it. */
export function presentMemory(row: MemoryRow): Memory {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    detail: row.detail,
    date: row.date,
    personaId: row.personaId,
    sourceMessageId: row.sourceMessageId,
    sourceChatId: row.sourceChatId,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
