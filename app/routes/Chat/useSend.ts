import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { uuidv7 } from '@shared/uuid';
import { ocrFieldsOf } from '../../db/chats';
import type { LocalMessage } from '../../db/db';
import { localImageOf } from '../../db/outbox';
import { draftOf, draftScreenshotOf, saveDraft, saveDraftScreenshot } from '../../db/drafts';
import { sendMessage, sendScreenshot, type ScreenshotMessage } from './chatActions';

/** Where the words typed into a chat that does not exist yet are kept. */
export const NEW_CHAT_DRAFT = 'new-chat';

/**
 * Her message box and what sending does. `chatId` is known before the chat exists (made on
 * the device), so her first message opens /chat/{chatId} at once, with no server round trip;
 * the screen keeps the same box, so nothing she types meanwhile is lost. Her unsent words are
 * kept under `draftKey`: the chat's id, or NEW_CHAT_DRAFT before it has one.
 */
export function useSend(chatId: string, draftKey: string, inUrl: boolean) {
  const navigate = useNavigate();
  const [text, setTextState] = useState('');
  const [screenshot, setScreenshotState] = useState<ScreenshotMessage | null>(null);

  // Her unsent words, and the screenshot she attached, are kept per chat and come back when
  // she returns (or reloads).
  useEffect(() => {
    let current = true;
    void Promise.all([draftOf(draftKey), draftScreenshotOf(draftKey)]).then(([draft, shot]) => {
      if (!current) return;
      if (draft) setTextState((typed) => typed || draft);
      if (shot) setScreenshotState((attached) => attached ?? shot);
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

  /** 'Use this text': the screenshot goes with her next message; null removes it. */
  function setScreenshot(pick: ScreenshotMessage | null) {
    setScreenshotState(pick);
    void saveDraftScreenshot(draftKey, pick);
  }

  /**
   * Her words, with the attached screenshot if there is one: one message either way. A fresh
   * chat's words may go `to` a chat she already has instead (which then opens).
   */
  async function send(value: string, personaId: number, to = chatId) {
    const attached = screenshot;
    if (!value.trim() && !attached) return;
    setText('');
    if (attached) {
      setScreenshot(null);
      await sendScreenshot({ ...attached, question: value, chatId: to, personaId });
    } else await sendMessage({ chatId: to, messageId: uuidv7(), text: value, personaId });
    if (!inUrl) await navigate(`/chat/${to}`, { replace: true });
  }

  /** Sends a failed message again with the same id: the server never makes it twice. */
  async function retry(message: LocalMessage, personaId: number) {
    const { id: messageId, message: value } = message;
    const retry = { seq: message.seq };
    if (!message.isOCR) return sendMessage({ chatId, messageId, text: value, personaId, retry });
    // A screenshot message goes again with its fields and the image kept on the device.
    const image = (await localImageOf(messageId))?.blob;
    await sendMessage({
      chatId,
      messageId,
      text: value,
      personaId,
      ocr: ocrFieldsOf(message),
      image,
      retry,
    });
  }

  return { text, setText, screenshot, setScreenshot, send, retry };
}
