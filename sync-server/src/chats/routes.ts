import Router from '@koa/router';
import { chatPageQuerySchema, createChatSchema, sendMessageSchema } from '@shared/chat-schema';
import { groupCommit } from '../db/groupCommit';
import type { Deps } from '../deps';
import { preferredEncoding } from '../http/compress';
import { signedIn, signedInUser } from '../http/signedIn';
import type { AppState } from '../http/types';
import { validate, validateBody } from '../http/validate';
import { sendKeptAnswer } from '../http/keptAnswers';
import { createChatList, createChatPages } from './chatList';
import { startChat } from './create';
import { personaOf, presentChatPage, presentMessage } from './present';
import { awaitReply } from './replyWatch';
import { acceptMessage } from './send';
import { chatPage, deleteChat, findOwnMessage } from './service';
import { streamReply, wantsEventStream } from './stream';

/**
 * The chats API of spec §7, mounted under /api. Every route needs a signed-in user. Writes go
 * through the same use cases as a sync push (accept, then the reply job); these routes then
 * wait for the job, for clients that want the reply in the answer.
 */
export function chatRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const chatList = createChatList(deps.db, undefined, deps.now);
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
    const { chat, created, accepted } = await groupCommit(deps.db).run(() =>
      startChat(deps, { userId: user.id, tier, body }),
    );
    if (accepted) await awaitReply(deps, accepted.userMessage.id);
    const page = chatPage(deps, { userId: user.id, chatId: chat.id });
    ctx.status = created ? 201 : 200;
    ctx.body = presentChatPage(page, { tier, now: deps.now() });
  });

  router.post('/chats/:id/messages', async (ctx) => {
    const { user, tier } = signedIn(deps, ctx);
    const body = validateBody(ctx, sendMessageSchema);
    // Committed with the other sends of this turn: answered once on the disk.
    const accepted = await groupCommit(deps.db).run(() =>
      acceptMessage(deps, { userId: user.id, tier, chatId: ctx.params.id ?? '', message: body }),
    );
    const viewer = { tier, persona: accepted.persona };
    const status = accepted.isNew || !accepted.reply ? 201 : 200;
    const userMessage = presentMessage(accepted.userMessage, viewer);
    if (wantsEventStream(ctx)) {
      const { id: messageId } = accepted.userMessage;
      streamReply(deps, ctx, { status, viewer, messageId, userMessage, replayAsDelta: true });
      return;
    }
    const reply =
      accepted.reply ??
      (await awaitReply(deps, accepted.userMessage.id, { queuedNow: accepted.isNew }));
    ctx.status = status;
    ctx.body = { userMessage, reply: presentMessage(reply, viewer) };
  });

  // The reply to her message as it is written (server-sent events); see streamReply.
  router.get('/chats/:chatId/replies/:messageId', (ctx) => {
    const { user, tier } = signedIn(deps, ctx);
    const { chat, message } = findOwnMessage(deps, {
      userId: user.id,
      chatId: ctx.params.chatId ?? '',
      messageId: ctx.params.messageId ?? '',
    });
    const viewer = { tier, persona: personaOf(chat) };
    streamReply(deps, ctx, { status: 200, viewer, messageId: message.id, replayAsDelta: false });
  });

  router.delete('/chats/:id', (ctx) => {
    const user = signedInUser(ctx);
    deleteChat(deps, { userId: user.id, chatId: ctx.params.id ?? '' });
    ctx.status = 204;
  });

  return router;
}
