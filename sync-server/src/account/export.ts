import { EXPORT_FORMAT, EXPORT_VERSION } from '@shared/account';
import type { UserExport } from '@shared/account';
import { presentChat } from '../chats/present';
import { chatWithMessages, listChats } from '../chats/service';
import type { Deps } from '../deps';
import { presentPurchase } from '../payments/present';
import { purchasesOf } from '../payments/purchases';
import { listSessions } from '../sessions/service';
import { presentUser } from '../users/present';
import type { UserRow } from '../users/repo';
import { entitlementOfUser } from '../users/service';

/**
 * Everything of hers as the API shows it to her, through the API's own presenters: her account
 * as GET /api/user, each chat as GET /api/chats/{id} (a reply her plan does not cover stays a
 * teaser; crisis replies are whole), her purchases as GET /api/purchases, her sessions as
 * GET /api/sessions. Chats oldest first, messages in their order.
 */
export function exportOf(
  deps: Deps,
  props: { user: UserRow; currentIdHash: string | undefined },
): UserExport {
  const userId = props.user.id;
  const plan = entitlementOfUser(deps, { userId });
  const chats = listChats(deps, { userId })
    .map((chat) => chatWithMessages(deps, { userId, chatId: chat.id }))
    .sort((a, b) => a.chat.createdAt - b.chat.createdAt || a.chat.changeSeq - b.chat.changeSeq)
    .map(({ chat, messages }) => presentChat(chat, messages, { tier: plan.tier, now: deps.now() }));
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date(deps.now()).toISOString(),
    user: presentUser(props.user, plan),
    chats,
    purchases: purchasesOf(deps, { userId }).map(({ purchase, period }) =>
      presentPurchase(purchase, period),
    ),
    sessions: listSessions(deps, { userId, currentIdHash: props.currentIdHash }),
  };
}
