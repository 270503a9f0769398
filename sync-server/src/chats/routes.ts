import Router from '@koa/router';
import { chatPageQuerySchema, createChatSchema } from '@shared/chat-schema';
import { groupCommit } from '../db/groupCommit';
import type { Deps } from '../deps';
import { preferredEncoding } from '../http/compress';
import { signedIn, signedInUser } from '../http/signedIn';
import type { AppState } from '../http/types';
import { validate, validateBody } from '../http/validate';
import { sendKeptAnswer } from '../http/keptAnswers';
import { createChatList, createChatPages } from './chatList';
import { startChat } from './create';
import { presentChatPage } from './present';
import { awaitReply } from '../replies/watch';
import { chatPage, deleteChat } from './service';

/**
 * The chats API of spec §7, mounted under /api (her messages and their replies are
 * replies/routes.ts). Every route needs a signed-in user. Writes go
 * through the same use cases as a sync push (accept, then the reply job); these routes then
 * wait for the job, for clients that want the reply in the answer.
 */
export function chatRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const chatList = createChatList(deps.legacyDb, undefined, deps.now);
  const chatPages = createChatPages(deps);

  router.get('/chats', async (ctx) => {
    const user = signedInUser(ctx);
    sendKeptAnswer(ctx, await chatList(user.id, preferredEncoding(ctx)));
  });

  // One page of the chat: ?limit= (1-200, default 100) messages ?before= a message id or time.
  router.get('/chats/:id', async (ctx) => {
    const { user, tier } = signedIn(deps, ctx);
    const query = validate(chatPageQuerySchema, ctx.query);
    const props = { userId: user.id, chatId: ctx.params.id ?? '', tier, query };
    sendKeptAnswer(ctx, await chatPages(props, preferredEncoding(ctx)));
  });

  router.post('/chats', async (ctx) => {
    const { user, tier } = signedIn(deps, ctx);
    const body = validateBody(ctx, createChatSchema);
    const { chat, created, accepted } = await groupCommit(deps.legacyDb).run(() =>
      startChat(deps, { userId: user.id, tier, body }),
    );
    if (accepted) await awaitReply(deps, accepted.userMessage.id);
    const page = chatPage(deps, { userId: user.id, chatId: chat.id });
    ctx.status = created ? 201 : 200;
    ctx.body = presentChatPage(page, { tier, now: deps.now() });
  });

  router.delete('/chats/:id', (ctx) => {
    const user = signedInUser(ctx);
    deleteChat(deps, { userId: user.id, chatId: ctx.params.id ?? '' });
    ctx.status = 204;
  });

  return router;
}
