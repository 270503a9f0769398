import Router from '@koa/router';
import { chatPageQuerySchema, createChatSchema } from '@shared/chat-schema';
import type { Deps } from '../deps';
import { preferredEncoding } from '../http/compress';
import { keptAnswers, sendKeptAnswer } from '../http/keptAnswers';
import { signedIn, signedInUser } from '../http/signedIn';
import type { AppState } from '../http/types';
import { validate, validateBody } from '../http/validate';
import { startChat } from './create';
import { tierOf } from '../users/service';
import { changeSeqOfUser } from './changes';
import { presentChatPage, presentChatSummary, shownUntil } from './present';
import { awaitReply } from '../replies/watch';
import { chatPage, deleteChat, listChats } from './service';

/**
 * The chats API of spec §7, mounted under /api (her messages and their replies are
 * replies/routes.ts). Every route needs a signed-in user. Writes go
 * through the same use cases as a sync push (accept, then the reply job); these routes then
 * wait for the job, for clients that want the reply in the answer.
 *
 * Her list and her pages are kept as compressed JSON (http/keptAnswers.ts) under her change
 * number, which every write to her chats takes, and her plan: each request reads those two
 * from the database, so an answer is made again once anything of hers changed, whichever
 * process wrote it.
 */
/** Bytes of lists and pages kept by one process, the least recently asked going first. */
const KEPT_ANSWER_BYTES = 32 * 1024 * 1024;

export function chatRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const kept = keptAnswers(KEPT_ANSWER_BYTES);

  router.get('/chats', async (ctx) => {
    const user = signedInUser(ctx);
    const version = String(await changeSeqOfUser(deps, user.id));
    const now = deps.now();
    const answer = await kept(
      {
        key: `${user.id}\0list`,
        version,
        now,
        make: async () => {
          const chats = await listChats(deps, { userId: user.id });
          const value = chats.map((chat) => presentChatSummary(chat, now));
          return { value, until: shownUntil(value) };
        },
      },
      preferredEncoding(ctx),
    );
    sendKeptAnswer(ctx, answer);
  });

  // One page of the chat: ?limit= (1-200, default 100) messages ?before= a message id or time.
  router.get('/chats/:id', async (ctx) => {
    const user = signedInUser(ctx);
    const query = validate(chatPageQuerySchema, ctx.query);
    const chatId = ctx.params.id ?? '';
    // Her plan is part of the version: it decides which replies are teasers.
    const [seq, tier] = await Promise.all([
      changeSeqOfUser(deps, user.id),
      tierOf(deps, { userId: user.id }),
    ]);
    const now = deps.now();
    const answer = await kept(
      {
        key: `${user.id}\0page\0${chatId}\0${ctx.querystring}`,
        version: `${seq}\0${tier}`,
        now,
        make: async () => {
          const page = await chatPage(deps, { userId: user.id, chatId, query });
          const value = presentChatPage(page, { tier, now });
          return { value, until: shownUntil([value]) };
        },
      },
      preferredEncoding(ctx),
    );
    sendKeptAnswer(ctx, answer);
  });

  router.post('/chats', async (ctx) => {
    const { user, tier } = await signedIn(deps, ctx);
    const body = validateBody(ctx, createChatSchema);
    const { chat, created, accepted } = await startChat(deps, { userId: user.id, tier, body });
    if (accepted) await awaitReply(deps, accepted.userMessage.id);
    const page = await chatPage(deps, { userId: user.id, chatId: chat.id });
    ctx.status = created ? 201 : 200;
    ctx.body = presentChatPage(page, { tier, now: deps.now() });
  });

  router.delete('/chats/:id', async (ctx) => {
    const user = signedInUser(ctx);
    await deleteChat(deps, { userId: user.id, chatId: ctx.params.id ?? '' });
    ctx.status = 204;
  });

  return router;
}
