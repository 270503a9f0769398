import type { RefObject } from 'react';
import { watchMutation } from '../../db/settled';
import { toast } from '../../state/useToastStore';
import { requestSync } from '../../sync/requestSync';
import type { ChatItem } from './chatItems';
import './replyActions.css';

/*
 * The newest reply's actions: copy it, or have it written again (regenerate). Loaded once the
 * chat is drawn, no part of its first load.
 */

type ReplyItem = Extract<ChatItem, { kind: 'message' | 'teaser' }>;

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

interface ReplyActionsProps {
  chatId: string;
  reply: ReplyItem;
  /** Where her focus goes when the reply she asked again for (and these buttons) goes. */
  messageBox: RefObject<HTMLTextAreaElement | null>;
}

export function ReplyActions({ chatId, reply, messageBox }: ReplyActionsProps) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(reply.text);
      toast({ title: 'Copied' });
    } catch {
      toast({ title: "Couldn't copy the reply", variant: 'destructive' });
    }
  }

  async function regenerate(byKeyboard: boolean) {
    const { queueRegenerateReply } = await import('../../db/regenerateReply');
    const id = await queueRegenerateReply(chatId, reply.id);
    // The buttons go with the reply: from the keyboard she goes on in her message box.
    if (byKeyboard) messageBox.current?.focus();
    const watch = watchMutation(id);
    void requestSync();
    const { result } = await watch.settled;
    if (result.status === 'rejected') {
      toast({
        title: "Couldn't write a new reply",
        description: result.error?.message,
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="reply-actions">
      <button
        type="button"
        className="btn btn--ghost reply-actions__button"
        onClick={() => void copy()}
      >
        <CopyIcon /> Copy
      </button>
      <button
        type="button"
        className="btn btn--ghost reply-actions__button"
        // A click with no pointer (detail 0) is Enter or Space.
        onClick={(event) => void regenerate(event.detail === 0)}
      >
        <AgainIcon /> Regenerate
      </button>
    </div>
  );
}

function CopyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M9 9h10v12H9zM5 15H4V3h11v1"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function AgainIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
