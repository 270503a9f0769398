import type { z } from 'zod';
import type { mutationSchema } from '@shared/sync-schema';
import type { SubscriptionTier } from '@shared/user';
import { startChat } from '../chats/create';
import { acceptMessage } from '../replies/send';
import { editMessage, regenerateReply } from '../replies/rewrite';
import { deleteChatOnce, renameChat } from '../chats/service';
import type { Deps } from '../deps';
import { enforce } from '../http/rateLimit';
import { helpShownPerUser } from '../referrals/limits';
import { countHelpShown } from '../referrals/service';
import { forgetAllMemories, forgetMemory, saveMemory } from '../memory/service';
import { updateProfile } from '../users/profile';

export type ParsedMutation = z.output<typeof mutationSchema>;

const NOTHING = { chatIds: [], messageIds: [], tombstoneIds: [] };

/** The ids of the rows a mutation wrote (or, on a replay, would have written). */
export interface Written {
  chatIds: string[];
  messageIds: string[];
  tombstoneIds: string[];
  /** Memories written or forgotten (a forgotten one is presented as its tombstone). */
  memoryIds?: string[];
}

/**
 * Applies one mutation through the chats use cases the REST routes use, which are idempotent
 * on the client's chat and message ids: the same mutation twice leaves one chat and one
 * message. A message is stored with its reply job; the reply is written after the push and
 * arrives through the pull. Her message sent again after its reply failed queues it anew.
 * A profile change (users/profile.ts, as PATCH /api/users/{id}) writes no chat rows; the push
 * answers her account as it then is. Help shown on her device adds to the day's count
 * (referrals/service.ts), in the push's transaction with its processed id, so once.
 * `deps.db` is that transaction (sync/service.ts): everything here writes through it, and
 * what must wait for its commit (a file removed, the job runner woken) waits through
 * afterCommit.
 */
export async function applyMutation(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; mutation: ParsedMutation },
): Promise<Written> {
  const { userId, tier, mutation } = props;
  switch (mutation.type) {
    case 'createChat': {
      const { chat, greeting, accepted } = await startChat(deps, {
        userId,
        tier,
        body: mutation.chat,
      });
      const messageIds = [greeting, accepted?.userMessage].flatMap((row) => (row ? [row.id] : []));
      return { chatIds: [chat.id], messageIds, tombstoneIds: [] };
    }
    case 'sendMessage': {
      const accepted = await acceptMessage(deps, {
        userId,
        tier,
        chatId: mutation.chatId,
        message: mutation.message,
      });
      return {
        chatIds: [accepted.chat.id],
        // In care mode past the limit, the server's kind word answers her at once.
        messageIds: [accepted.userMessage, accepted.reply].flatMap((row) => (row ? [row.id] : [])),
        tombstoneIds: [],
      };
    }
    case 'deleteChat':
      await deleteChatOnce(deps, { userId, chatId: mutation.chatId });
      return { chatIds: [], messageIds: [], tombstoneIds: [mutation.chatId] };
    case 'renameChat':
      await renameChat(deps, { userId, chatId: mutation.chatId, title: mutation.title });
      return { chatIds: [mutation.chatId], messageIds: [], tombstoneIds: [] };
    case 'regenerateReply':
      // Its reply arrives through the pull once written again; the push writes no row yet.
      await regenerateReply(deps, {
        userId,
        tier,
        chatId: mutation.chatId,
        messageId: mutation.messageId,
      });
      return { chatIds: [], messageIds: [], tombstoneIds: [] };
    case 'editMessage':
      // Her words come back in the push; the reply, written again, through the pull.
      await editMessage(deps, {
        userId,
        tier,
        chatId: mutation.chatId,
        messageId: mutation.messageId,
        message: mutation.message,
      });
      return { chatIds: [], messageIds: [mutation.messageId], tombstoneIds: [] };
    case 'saveMemory':
      await saveMemory(deps, { userId, memory: mutation.memory });
      return { ...NOTHING, memoryIds: [mutation.memory.id] };
    case 'forgetMemory':
      await forgetMemory(deps, { userId, memoryId: mutation.memoryId });
      return { ...NOTHING, memoryIds: [mutation.memoryId] };
    case 'forgetAllMemories':
      return { ...NOTHING, memoryIds: await forgetAllMemories(deps, { userId }) };
    case 'updateProfile': {
      const { filesRemoved } = await updateProfile(deps, { userId, update: mutation.profile });
      void filesRemoved;
      return { chatIds: [], messageIds: [], tombstoneIds: [] };
    }
    case 'countHelpShown':
      await enforce(deps.limiter, helpShownPerUser(deps.config), userId, deps.db);
      await countHelpShown(deps, { day: mutation.day, count: mutation.count });
      return { chatIds: [], messageIds: [], tombstoneIds: [] };
  }
}
