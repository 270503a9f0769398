import Router from '@koa/router';
import { createChatSchema, sendMessageSchema } from '@shared/chat';
import type { Deps } from '../deps';
import { unauthorized } from '../http/errors';
import type { AppContext, AppState } from '../http/types';
import { validateBody } from '../http/validate';
import { tierOf } from '../users/service';
import { presentChat, presentChatSummary, presentMessage } from './present';
import { writeReply } from './reply';
import { acceptMessage } from './send';
import { createChat } from './create';
import { chatWithMessages, deleteChat, listChats } from './service';
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
    const { chat, messages, created } = await createChat(deps, {
      user,
      tier,
      id,
      personaId,
      isEmptyChatCreation,
      messageId,
      message: message === undefined ? undefined : { ...ocr, message },
      signal: abortOnHangUp(ctx),
    });
    ctx.status = created ? 201 : 200;
    ctx.body = presentChat(chat, messages, tier);
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
