import { lockedHere } from './chats';
import { db, type ScreenshotAttachment } from './db';

/** What she is writing in each chat: her words and a screenshot attached, kept per chat. */

/**
 * Her words in a chat's box; a draft with neither words nor a screenshot is forgotten. None is
 * kept over hers while her data is locked (what a visitor types is not hers).
 */
export async function saveDraft(chatId: string, text: string): Promise<void> {
  if (await lockedHere()) return;
  await db.transaction('rw', db.drafts, async () => {
    const draft = await db.drafts.get(chatId);
    if (text === '' && !draft?.screenshot) await db.drafts.delete(chatId);
    else await db.drafts.put({ ...draft, chatId, text, updatedAt: Date.now() });
  });
}

export async function draftOf(chatId: string): Promise<string> {
  if (await lockedHere()) return '';
  return (await db.drafts.get(chatId))?.text ?? '';
}

/** The screenshot attached to her next message in a chat ('Use this text'), or none. */
export async function saveDraftScreenshot(
  chatId: string,
  screenshot: ScreenshotAttachment | null,
): Promise<void> {
  await db.transaction('rw', db.drafts, async () => {
    const draft = await db.drafts.get(chatId);
    const text = draft?.text ?? '';
    if (!screenshot && text === '') await db.drafts.delete(chatId);
    else if (!screenshot) await db.drafts.put({ chatId, text, updatedAt: Date.now() });
    else await db.drafts.put({ chatId, text, screenshot, updatedAt: Date.now() });
  });
}

export async function draftScreenshotOf(chatId: string): Promise<ScreenshotAttachment | null> {
  if (await lockedHere()) return null;
  return (await db.drafts.get(chatId))?.screenshot ?? null;
}
