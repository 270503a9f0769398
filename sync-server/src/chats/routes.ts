import Router from '@koa/router';
import { chatPageQuerySchema, createChatSchema } from '@shared/chat-schema';
import type { Deps } from '../deps';
import { signedIn, signedInUser } from '../http/signedIn';
import type { AppState } from '../http/types';
import { validate, validateBody } from '../http/validate';
import { startChat } from './create';
import { presentChatPage, presentChatSummary } from './present';
import { awaitReply } from '../replies/watch';
import { chatPage, deleteChat, listChats } from './service';

/**
 * The chats API of spec §7, mounted under /api (her messages and their replies are
 * replies/routes.ts). Every route needs a signed-in user. Writes go
 * through the same use cases as a sync push (accept, then the reply job); these routes then
 * wait for the job, for clients that want the reply in the answer. Her list and her pages are
 * read from the database at each request (no answer is kept in a process: another one may
 * have written since) and compressed as every answer is (http/compress.ts).
 */
export function chatRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/chats', async (ctx) => {
    const user = signedInUser(ctx);
    const chats = await listChats(deps, { userId: user.id });
    const at = deps.now();
    ctx.body = chats.map((chat) => presentChatSummary(chat, at));
  });

  // One page of the chat: ?limit= (1-200, default 100) messages ?before= a message id or time.
  router.get('/chats/:id', async (ctx) => {
    const { user, tier } = await signedIn(deps, ctx);
    const query = validate(chatPageQuerySchema, ctx.query);
    const page = await chatPage(deps, { userId: user.id, chatId: ctx.params.id ?? '', query });
    ctx.body = presentChatPage(page, { tier, now: deps.now() });
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
