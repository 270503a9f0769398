import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { hasVisibleText, MESSAGE_MAX_LENGTH } from '@shared/chat';
import { chatMessages } from '@shared/chat-messages';
import { watchMutation } from '../../db/settled';
import { toast } from '../../state/useToastStore';
import { requestSync } from '../../sync/requestSync';
import type { ChatItem } from './chatItems';
import { Icon } from './icons';
import { MESSAGE_BOX_ID } from './InputBar';
import { UsedMemories } from './UsedMemories';
import './replyActions.css';

/*
 * The newest reply's actions (copy it, or have it written again) and her last message's Edit.
 * Loaded once the chat is drawn, no part of its first load.
 */

type ReplyItem = Extract<ChatItem, { kind: 'message' | 'teaser' }>;
type MessageItem = Extract<ChatItem, { kind: 'message' }>;

/**
 * The reply the actions go under: the chat's newest row when it is a bestie's reply, never
 * the greeting nor a crisis reply (its help stays as it is).
 */
export function actionableReply(items: ChatItem[]): ReplyItem | undefined {
  const newest = items.at(-1);
  if (newest?.kind === 'teaser') return newest;
  if (newest?.kind !== 'message' || newest.from !== 'bestie') return undefined;
  return newest.crisis || newest.greeting ? undefined : newest;
}

interface Where {
  chatId: string;
  /** A reply is on its way: no actions until it is here. */
  replying?: boolean;
}

/** Where her focus goes when what she pressed goes (the reply she asked again for, say). */
const toMessageBox = (options?: FocusOptions) =>
  document.getElementById(MESSAGE_BOX_ID)?.focus(options);

/**
 * What goes under which row, by item id: under each reply, the memories it drew on; under the
 * newest reply, its actions, and Edit under her text message that reply answers (nothing after
 * it). No actions while a reply is on its way.
 */
export function actionsFor(items: ChatItem[], where: Where): Record<string, ReactNode> {
  const footers: Record<string, ReactNode> = {};
  const reply = where.replying ? undefined : actionableReply(items);
  for (const item of items) {
    const used = item.kind === 'message' && item.usedMemories?.length ? item.usedMemories : null;
    const actions = item === reply ? <ReplyActions {...where} reply={reply} /> : null;
    // One shape for every footer, so the line of memories stays as the actions come and go.
    if (used || actions) {
      footers[item.id] = (
        <>
          {used && <UsedMemories ids={used} />}
          {actions}
        </>
      );
    }
  }
  const hers = items.at(-2);
  if (reply && hers?.kind === 'message' && hers.from === 'user') {
    footers[hers.id] = <EditMessage {...where} message={hers} replyId={reply.id} />;
  }
  return footers;
}

/** After a rewrite she asked for: a refusal is told, with the server's reason. */
async function toldIfRefused(mutationId: string, title: string) {
  const watch = watchMutation(mutationId);
  void requestSync();
  const { result } = await watch.settled;
  if (result.status === 'rejected') {
    toast({ title, description: result.error?.message, variant: 'destructive' });
  }
}

function ReplyActions({ chatId, reply }: Where & { reply: ReplyItem }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(reply.text);
      toast({ title: 'Copied' });
    } catch {
      toast({ title: "Couldn't copy the reply", variant: 'destructive' });
    }
  }

  async function regenerate(byKeyboard: boolean) {
    const { queueRegenerateReply } = await import('../../db/rewrites');
    const id = await queueRegenerateReply(chatId, reply.id);
    // The buttons go with the reply: from the keyboard she goes on in her message box.
    if (byKeyboard) toMessageBox();
    await toldIfRefused(id, "Couldn't write a new reply");
  }

  return (
    <div className="reply-actions">
      <button
        type="button"
        className="btn btn--ghost reply-actions__button"
        onClick={() => void copy()}
      >
        <Icon size={18} d="M9 9h10v12H9zM5 15H4V3h11v1" /> Copy
      </button>
      <button
        type="button"
        className="btn btn--ghost reply-actions__button"
        // A click with no pointer (detail 0) is Enter or Space.
        onClick={(event) => void regenerate(event.detail === 0)}
      >
        <Icon size={18} d="M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5" /> Regenerate
      </button>
    </div>
  );
}

/**
 * Edit under her last message: her words in a box in its place, sent again with Send (or
 * Enter), left as they were with Cancel (or Escape). Checked as a message is: some visible
 * text, at most MESSAGE_MAX_LENGTH characters.
 */
function EditMessage({
  chatId,
  message,
  replyId,
}: Where & { message: MessageItem; replyId: string }) {
  const [words, setWords] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  if (words === null) {
    return (
      <div className="reply-actions reply-actions--hers">
        <button
          type="button"
          className="btn btn--ghost reply-actions__button"
          onClick={() => setWords(message.text)}
        >
          <Icon size={18} d="M4 20h4L19 9l-4-4L4 16zM13 7l4 4" /> Edit
        </button>
      </div>
    );
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const text = words ?? '';
    if (!hasVisibleText(text)) return setError(chatMessages.messageEmpty);
    if (text.length > MESSAGE_MAX_LENGTH) return setError(chatMessages.messageTooLong);
    setWords(null);
    setError(null);
    if (text === message.text) return;
    const { queueEditMessage } = await import('../../db/rewrites');
    const before = message.text;
    const id = await queueEditMessage(chatId, {
      messageId: message.id,
      replyId,
      before,
      words: text,
    });
    toMessageBox({ preventScroll: true });
    await toldIfRefused(id, "Couldn't send your edit");
  }

  function cancel() {
    setWords(null);
    setError(null);
  }

  return (
    <form className="message-editor" onSubmit={(event) => void send(event)}>
      <textarea
        className="message-editor__box"
        aria-label="Edit your message"
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        value={words}
        // Her own words, opened by her own press: the box is hers to type in.
        autoFocus
        rows={Math.min(6, words.split('\n').length + 1)}
        onChange={(event) => setWords(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') cancel();
          else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            void send(event);
          }
        }}
      />
      {error && (
        <p id={errorId} className="message-editor__error" role="alert">
          {error}
        </p>
      )}
      <div className="message-editor__buttons">
        <button type="button" className="btn btn--secondary" onClick={cancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary">
          Send
        </button>
      </div>
    </form>
  );
}
