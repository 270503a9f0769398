import Router from '@koa/router';
import { createChatSchema, sendMessageSchema } from '../../../shared/chat';
import { DEFAULT_PERSONA_ID } from '../../../shared/personas';
import type { Deps } from '../deps';
import { unauthorized } from '../http/errors';
import type { AppContext, AppState } from '../http/types';
import { validateBody } from '../http/validate';
import { tierOf } from '../users/service';
import { presentChat, presentChatSummary, presentMessage } from './present';
import { acceptMessage, writeReply } from './send';
import { chatWithMessages, deleteChat, firstMessageId, listChats, openChat } from './service';
import { abortOnHangUp, streamReply, wantsEventStream } from './stream';

function signedIn(deps: Deps, ctx: AppContext) {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return { user, tier: tierOf(deps, { userId: user.id }) };
}

/** The chats API of spec §7, mounted under /api. Every route needs a signed-in user. */
export function chatRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/chats', (ctx) => {
    const { user } = signedIn(deps, ctx);
    ctx.body = listChats(deps, { userId: user.id }).map(presentChatSummary);
  });

  router.get('/chats/:id', (ctx) => {
    const { user, tier } = signedIn(deps, ctx);
    const { chat, messages } = chatWithMessages(deps, {
      userId: user.id,
      chatId: ctx.params.id ?? '',
    });
    ctx.body = presentChat(chat, messages, tier);
  });

  router.post('/chats', async (ctx) => {
    const { user, tier } = signedIn(deps, ctx);
    const { id, messageId, personaId, isEmptyChatCreation, message, ...ocr } = validateBody(
      ctx,
      createChatSchema,
    );
    const { chat, created } = openChat(deps, {
      userId: user.id,
      tier,
      id,
      personaId: personaId ?? DEFAULT_PERSONA_ID,
    });
    if (!isEmptyChatCreation && message !== undefined) {
      const accepted = acceptMessage(deps, {
        userId: user.id,
        tier,
        chatId: chat.id,
        message: { ...ocr, message, id: messageId ?? firstMessageId(deps, { chatId: chat.id }) },
      });
      await writeReply(deps, { user, accepted, signal: abortOnHangUp(ctx) });
    }
    const saved = chatWithMessages(deps, { userId: user.id, chatId: chat.id });
    ctx.status = created ? 201 : 200;
    ctx.body = presentChat(saved.chat, saved.messages, tier);
  });

  router.post('/chats/:id/messages', async (ctx) => {
    const { user, tier } = signedIn(deps, ctx);
    const body = validateBody(ctx, sendMessageSchema);
    const accepted = acceptMessage(deps, {
      userId: user.id,
      tier,
      chatId: ctx.params.id ?? '',
      message: body,
    });
    const signal = abortOnHangUp(ctx);
    if (wantsEventStream(ctx)) {
      streamReply(deps, ctx, { user, tier, accepted, signal });
      return;
    }
    const reply = await writeReply(deps, { user, accepted, signal });
    const viewer = { tier, persona: accepted.persona };
    ctx.status = accepted.isNew || !accepted.reply ? 201 : 200;
    ctx.body = {
      userMessage: presentMessage(accepted.userMessage, viewer),
      reply: presentMessage(reply, viewer),
    };
  });

  router.delete('/chats/:id', (ctx) => {
    const { user } = signedIn(deps, ctx);
    deleteChat(deps, { userId: user.id, chatId: ctx.params.id ?? '' });
    ctx.status = 204;
  });

  return router;
}
