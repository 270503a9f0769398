import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ChatMessage } from '@shared/chat';
import { draftOf, saveDraft } from '../../db/sync';
import { sendText } from './chatActions';

export interface SendCallbacks {
  onReply: (reply: ChatMessage) => void;
  onSubscriptionRequired: () => void;
}

/** Where the words typed into a chat that does not exist yet are kept. */
export const NEW_CHAT_DRAFT = 'new-chat';

/**
 * Her message box and what sending does: clear it at once, give the text back if the send is
 * refused, and open the new chat once her first message has created it. Her unsent words are
 * kept under `draftKey`: the chat's id, or NEW_CHAT_DRAFT before it has one.
 */
export function useSend(
  chatId: string,
  draftKey: string,
  { onReply, onSubscriptionRequired }: SendCallbacks,
) {
  const navigate = useNavigate();
  const [text, setTextState] = useState('');

  // Her unsent words are kept per chat as she types and come back when she returns.
  useEffect(() => {
    let current = true;
    void draftOf(draftKey).then((draft) => {
      if (current && draft) setTextState((typed) => typed || draft);
    });
    return () => {
      current = false;
    };
  }, [draftKey]);

  function setText(value: string | ((current: string) => string)) {
    setTextState((current) => {
      const next = typeof value === 'function' ? value(current) : value;
      void saveDraft(draftKey, next);
      return next;
    });
  }

  async function deliver(messageId: string, value: string, personaId: number) {
    const outcome = await sendText({ chatId, messageId, text: value, personaId });
    if (outcome.kind === 'refused') {
      setText((current) => (current.trim() ? current : value));
      if (outcome.requiresSubscription) onSubscriptionRequired();
    } else if (outcome.kind === 'replied') {
      onReply(outcome.reply);
      if (outcome.created) await navigate(`/chat/${chatId}`, { replace: true });
    } else if (outcome.kind === 'queued' && outcome.created) {
      await navigate(`/chat/${chatId}`, { replace: true });
    }
  }

  async function send(value: string, personaId: number) {
    if (!value.trim()) return;
    setText('');
    await deliver(crypto.randomUUID(), value, personaId);
  }

  /** Sends a failed message again with the same id: the server never makes it twice. */
  async function retry(messageId: string, value: string, personaId: number) {
    await deliver(messageId, value, personaId);
  }

  return { text, setText, send, retry };
}
