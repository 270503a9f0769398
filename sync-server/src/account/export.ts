import { EXPORT_FORMAT, EXPORT_VERSION } from '@shared/account';
import type { UserExport } from '@shared/account';
import type { Chat } from '@shared/chat';
import type { SubscriptionTier } from '@shared/user';
import { presentChat } from '../chats/present';
import { chatWithMessages, listChats } from '../chats/service';
import type { ChatRow } from '../chats/repo';
import type { Deps } from '../deps';
import { AppError } from '../http/errors';
import { presentPurchase } from '../payments/present';
import { purchasesOf } from '../payments/purchases';
import { liveMemories } from '../memory/repo';
import { presentMemory } from '../memory/service';
import { listSessions } from '../sessions/service';
import { presentUser } from '../users/present';
import type { UserRow } from '../users/repo';
import { entitlementOfUser } from '../users/service';

/** Everything of hers but the chats' messages, and the chats to read them from, in order. */
export interface ExportPlan {
  head: Omit<UserExport, 'chats'>;
  /** Her live chats, oldest first (created, then changed). */
  chats: ChatRow[];
  tier: SubscriptionTier;
  /** The moment of the export (ms): care mode and exportedAt are read at it. */
  now: number;
}

/**
 * What an export holds, read once: her account as GET /api/user, her purchases as
 * GET /api/purchases, her sessions as GET /api/sessions, her memories as the pull brings them,
 * and which chats to write. Each chat's
 * messages are read only when it is written (exportedChats), one chat at a time.
 */
export async function planExport(
  deps: Deps,
  props: { user: UserRow; currentIdHash: string | undefined },
): Promise<ExportPlan> {
  const userId = props.user.id;
  const plan = await entitlementOfUser(deps, { userId });
  const now = deps.now();
  const purchases = await purchasesOf(deps, { userId });
  const sessions = await listSessions(deps, { userId, currentIdHash: props.currentIdHash });
  const chats = await listChats(deps, { userId });
  return {
    head: {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date(now).toISOString(),
      user: presentUser(props.user, plan),
      purchases: purchases.map(({ purchase, period }) => presentPurchase(purchase, period)),
      sessions,
      memories: (await liveMemories(deps.db, userId)).map(presentMemory),
    },
    chats: chats.sort((a, b) => a.createdAt - b.createdAt || a.changeSeq - b.changeSeq),
    tier: plan.tier,
    now,
  };
}

/**
 * Each chat as GET /api/chats/{id} shows it (a reply her plan does not cover stays a teaser;
 * crisis replies are whole), read when asked for. A chat she deleted meanwhile is left out.
 */
export async function* exportedChats(
  deps: Deps,
  props: { userId: string; plan: ExportPlan; chats?: ChatRow[] },
): AsyncGenerator<Chat> {
  const { userId, plan } = props;
  for (const row of props.chats ?? plan.chats) {
    const chat = await readChat(deps, { userId, chatId: row.id });
    if (chat) yield presentChat(chat.chat, chat.messages, { tier: plan.tier, now: plan.now });
  }
}

async function readChat(deps: Deps, props: { userId: string; chatId: string }) {
  try {
    return await chatWithMessages(deps, props);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * Everything of hers as the API shows it to her, through the API's own presenters: her account
 * as GET /api/user, each chat as GET /api/chats/{id}, her purchases as GET /api/purchases, her
 * sessions as GET /api/sessions. Chats oldest first, messages in their order.
 */
export async function exportOf(
  deps: Deps,
  props: { user: UserRow; currentIdHash: string | undefined },
): Promise<UserExport> {
  const plan = await planExport(deps, props);
  const chats: Chat[] = [];
  for await (const chat of exportedChats(deps, { userId: props.user.id, plan })) chats.push(chat);
  return withChats(plan.head, chats);
}

/** The export with its keys in the order of UserExport (the JSON file reads in this order). */
function withChats(head: ExportPlan['head'], chats: Chat[]): UserExport {
  const { format, version, exportedAt, user, purchases, sessions, memories } = head;
  return { format, version, exportedAt, user, chats, purchases, sessions, memories };
}

/**
 * The JSON file of exportOf, JSON.stringify(data, null, 2) byte for byte, written a chat at a
 * time as the chats come (exportedChats reads each when asked): only one chat's text is held
 * at once.
 */
export async function* exportJsonChunks(
  head: ExportPlan['head'],
  chats: AsyncIterable<Chat> | Iterable<Chat>,
): AsyncGenerator<string> {
  const marker = '\n  "chats": [],\n';
  const whole = JSON.stringify(withChats(head, []), null, 2);
  const at = whole.indexOf(marker);
  if (at === -1) throw new Error('The export has no chats key');
  let count = 0;
  for await (const chat of chats) {
    const text = JSON.stringify(chat, null, 2).replace(/\n/g, '\n    ');
    yield count === 0 ? `${whole.slice(0, at)}\n  "chats": [\n    ${text}` : `,\n    ${text}`;
    count += 1;
  }
  yield count === 0 ? whole : `\n  ],\n${whole.slice(at + marker.length)}`;
}
