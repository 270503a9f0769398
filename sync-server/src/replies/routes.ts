import Router from '@koa/router';
import { sendMessageSchema } from '@shared/chat-schema';
import type { Deps } from '../deps';
import { signedIn } from '../http/signedIn';
import type { AppState } from '../http/types';
import { validateBody } from '../http/validate';
import { personaOf, presentMessage } from '../chats/present';
import { findOwnMessage } from '../chats/service';
import { acceptMessage } from './send';
import { streamReply, wantsEventStream } from './stream';
import { awaitReply } from './watch';

/**
 * The reply routes of spec §7, mounted under /api: her message accepted (then its reply job),
 * and the reply read as it is written. Every route needs a signed-in user. Writes go through
 * the same use case as a sync push; these routes then wait for the job, for clients that want
 * the reply in the answer.
 */
export function replyRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.post('/chats/:id/messages', async (ctx) => {
    const { user, tier } = await signedIn(deps, ctx);
    const body = validateBody(ctx, sendMessageSchema);
    const accepted = await acceptMessage(deps, {
      userId: user.id,
      tier,
      chatId: ctx.params.id ?? '',
      message: body,
    });
    const viewer = { tier, persona: accepted.persona };
    const status = accepted.isNew || !accepted.reply ? 201 : 200;
    const userMessage = presentMessage(accepted.userMessage, viewer);
    if (wantsEventStream(ctx)) {
      const { id: messageId } = accepted.userMessage;
      await streamReply(deps, ctx, {
        status,
        viewer,
        messageId,
        userMessage,
        replayAsDelta: true,
      });
      return;
    }
    const reply =
      accepted.reply ??
      (await awaitReply(deps, accepted.userMessage.id, { queuedNow: accepted.isNew }));
    ctx.status = status;
    ctx.body = { userMessage, reply: presentMessage(reply, viewer) };
  });

  // The reply to her message as it is written (server-sent events); see streamReply.
  router.get('/chats/:chatId/replies/:messageId', async (ctx) => {
    const { user, tier } = await signedIn(deps, ctx);
    const { chat, message } = await findOwnMessage(deps, {
      userId: user.id,
      chatId: ctx.params.chatId ?? '',
      messageId: ctx.params.messageId ?? '',
    });
    const viewer = { tier, persona: personaOf(chat) };
    await streamReply(deps, ctx, {
      status: 200,
      viewer,
      messageId: message.id,
      replayAsDelta: false,
    });
  });

  return router;
}
