import type { Deps } from '../deps';
import type { LegacyDb as Db } from '../db/open';
import { unchangedMemo } from '../db/unchanged';
import { createKeptAnswers } from '../http/keptAnswers';
import type { KeptAnswer } from '../http/keptAnswers';
import type { Encoding } from '../http/precompressed';
import type { ChatSummary } from '@shared/chat';
import type { ChatPageQuery } from '@shared/chat-schema';
import type { SubscriptionTier } from '@shared/user';
import { presentChatPage, presentChatSummary } from './present';
import { changeSeqOf, listChats } from './repo';
import { chatPage } from './service';

/** How many bytes of lists are kept, over all users, before the least recently asked goes. */
export const CHAT_LIST_KEPT_BYTES = 8 * 1024 * 1024;
/** The same for pages of chats (a page of 100 messages is some 30-60 kB of JSON). */
export const CHAT_PAGES_KEPT_BYTES = 32 * 1024 * 1024;

/**
 * Care mode ends with no write (24 hours after her last crisis signal), and a kept answer
 * shows `careUntil`: an answer that shows a care mode which has ended since is made again,
 * once, though her data is unchanged. `version` is her change sequence number, raised past
 * any such number each time an answer is dropped this way.
 */
function careExpiry(now: () => number) {
  const ends = new Map<string, number>();
  const remade = new Map<string, number>();
  return {
    version(key: string, changeSeq: number): number {
      const end = ends.get(key);
      if (end !== undefined && now() >= end) {
        ends.delete(key);
        remade.set(key, (remade.get(key) ?? 0) + 1);
      }
      return changeSeq + (remade.get(key) ?? 0) * 2 ** 32;
    },
    made<T extends { careUntil: string | null }>(key: string, chats: T[]): void {
      const times = chats.flatMap((chat) => (chat.careUntil ? [Date.parse(chat.careUntil)] : []));
      if (times.length > 0) ends.set(key, Math.min(...times));
      else ends.delete(key);
    },
  };
}

/**
 * Her chat list as the JSON `GET /api/chats` answers, made once per version of her data, and
 * compressed once per version and encoding (compressing it on each request cost twice the
 * rest of the answer). Every write to her chats takes the next number of her change sequence
 * (`nextChangeSeq`, which sync relies on too), so a list made at her current number is her
 * list now: a request costs one lookup instead of reading, presenting, serialising and
 * compressing every chat. Writes from another process (a restore, a script) count the same way.
 * Her number is read before her list, so a write landing between the two leaves the list newer
 * than its number, never older: the next request makes it again.
 */
export function createChatList(
  db: Db,
  keptBytes = CHAT_LIST_KEPT_BYTES,
  now: () => number = Date.now,
) {
  const answers = createKeptAnswers(keptBytes);
  const memo = unchangedMemo(db);
  const care = careExpiry(now);
  return (userId: string, encoding: Encoding | null = null): Promise<KeptAnswer> =>
    answers(
      {
        key: userId,
        version: care.version(
          userId,
          memo(`changeSeq ${userId}`, () => changeSeqOf(db, userId)),
        ),
        make: () => {
          const at = now();
          const chats: ChatSummary[] = listChats(db, userId).map((chat) =>
            presentChatSummary(chat, at),
          );
          care.made(userId, chats);
          return chats;
        },
      },
      encoding,
    );
}

/**
 * A page of her chat as `GET /api/chats/:id` answers it, kept the same way as her list: per
 * version of her data, chat, page asked for and plan (her plan decides which replies are
 * teasers). Reopening a chat she opened before costs one lookup while nothing of hers changed.
 * A page is kept only once it was made for her: a chat that is not hers, or gone, throws
 * (404) and keeps nothing, and deleting a chat is a write that takes her next number.
 */
export function createChatPages(deps: Deps, keptBytes = CHAT_PAGES_KEPT_BYTES) {
  const answers = createKeptAnswers(keptBytes);
  const memo = unchangedMemo(deps.legacyDb);
  const care = careExpiry(deps.now);
  return (
    props: { userId: string; chatId: string; tier: SubscriptionTier; query: ChatPageQuery },
    encoding: Encoding | null = null,
  ): Promise<KeptAnswer> => {
    const { userId, chatId, tier, query } = props;
    const key = JSON.stringify([userId, chatId, tier, query.limit, query.before]);
    return answers(
      {
        key,
        version: care.version(
          key,
          memo(`changeSeq ${userId}`, () => changeSeqOf(deps.legacyDb, userId)),
        ),
        make: () => {
          const page = chatPage(deps, { userId, chatId, query });
          const shown = presentChatPage(page, { tier, now: deps.now() });
          care.made(key, [shown]);
          return shown;
        },
      },
      encoding,
    );
  };
}
