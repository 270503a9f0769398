import type { ProfileUpdate } from '@shared/account';
import { chatTitleFrom, type PersonaRef } from '@shared/chat';
import { PUSH_MAX_MUTATIONS, type Mutation } from '@shared/sync';
import { isTheme } from '@shared/theme';
import type { PublicUser } from '@shared/user';
import { uuidv7 } from '@shared/uuid';
import { deleteMessagesOf, pendingMessage, updateMessage, type OcrFields } from './chats';
import { db, type OutboxEntry } from './db';
import { applyProfile } from './profile';

/**
 * Her writes. Each local write and its outbox entry go in one Dexie transaction
 * (CONTRIBUTING.md §8), so what she sees and what will be sent never disagree; the sync engine
 * pushes the outbox. Nothing else sends her changes to the server (ARCHITECTURE.md, One way
 * out, one way in).
 */

const entry = (mutation: Mutation): OutboxEntry => ({ mutation, createdAt: Date.now() });

/**
 * Her message, shown at once as pending, and its sendMessage mutation; a chat that does not
 * exist yet is created by it (createChat with her first message) and titled as the server will.
 * A retry (`retry`) puts the same message back on its way, with the same id.
 */
/** The messages she wrote on this device since the app started (the upgrade nudge's test). */
const writtenSinceStart = new Set<string>();

/** Whether she wrote this message on this device since the app started. */
export function writtenOnThisDevice(messageId: string): boolean {
  return writtenSinceStart.has(messageId);
}

export async function queueMessage(input: {
  chatId: string;
  messageId: string;
  text: string;
  /** Set when the chat may not exist yet: her message creates it with this bestie. */
  newChat?: { persona: PersonaRef };
  /** A screenshot message: its fields, sent with it. */
  ocr?: OcrFields;
  /** The screenshot itself, kept here and uploaded before the message when `ocr.imageUrl` is unset. */
  image?: Blob;
  /** A retry of her message the device holds: its place (null: not placed). Else it is new. */
  retry?: { seq: number | null };
}): Promise<void> {
  const { chatId, messageId, text, newChat, ocr, image, retry } = input;
  writtenSinceStart.add(messageId);
  const tables = [db.chats, db.messages, db.messageBlocks, db.outbox, db.images];
  await db.transaction('rw', tables, async () => {
    const creates = newChat !== undefined && !(await db.chats.get(chatId));
    const fields = ocr ? sendableOcrFields(ocr) : {};
    const mutation: Mutation = creates
      ? {
          id: uuidv7(),
          type: 'createChat',
          chat: { id: chatId, messageId, message: text, personaId: newChat.persona.id, ...fields },
        }
      : {
          id: uuidv7(),
          type: 'sendMessage',
          chatId,
          message: { id: messageId, message: text, ...fields },
        };
    if (creates) {
      const now = new Date().toISOString();
      const title = chatTitleFrom(text);
      await db.chats.put({ id: chatId, title, timestamp: now, updatedAt: now, ...newChat });
    }
    // A new message reads none of the chat's history: only a retry looks for her message.
    const retried =
      retry !== undefined &&
      (await updateMessage(
        chatId,
        messageId,
        { status: 'pending', failure: undefined, replyError: null },
        retry.seq,
      ));
    if (!retried) await db.messages.put(pendingMessage({ id: messageId, chatId, text, ocr }));
    const stored = image ? await db.images.get(messageId) : undefined;
    if (image && !stored) {
      await db.images.put({ messageId, chatId, blob: image, imageUrl: ocr?.imageUrl ?? null });
    }
    // A retry of a message whose image the server has: the new mutation carries its URL.
    const imageUrl = stored?.imageUrl ?? ocr?.imageUrl ?? null;
    if (image && !imageUrl) await db.outbox.add({ ...entry(mutation), imageOf: messageId });
    else await db.outbox.add(entry(imageUrl ? withImageUrl(mutation, imageUrl) : mutation));
  });
}

/** The OCR fields as a mutation carries them (no nulls the server's schema would refuse). */
function sendableOcrFields(ocr: OcrFields) {
  const { imageUrl, ...rest } = ocr;
  return imageUrl ? { ...rest, imageUrl } : rest;
}

/** The mutation with the URL of its uploaded image. */
export function withImageUrl(mutation: Mutation, imageUrl: string): Mutation {
  if (mutation.type === 'createChat') return { ...mutation, chat: { ...mutation.chat, imageUrl } };
  if (mutation.type === 'sendMessage') {
    return { ...mutation, message: { ...mutation.message, imageUrl } };
  }
  return mutation;
}

/**
 * The image of an outbox entry is on the server: the entry now carries its URL, and the
 * device remembers it, in one transaction (a reload never uploads it twice).
 * `imageUrl` null means the server refused the image for good: the message goes without it.
 */
export async function imageUploaded(entry: OutboxEntry, imageUrl: string | null): Promise<void> {
  await db.transaction('rw', db.outbox, db.images, async () => {
    if (entry.seq === undefined || !entry.imageOf) return;
    if (imageUrl) await db.images.update(entry.imageOf, { imageUrl });
    const mutation = imageUrl ? withImageUrl(entry.mutation, imageUrl) : entry.mutation;
    await db.outbox.update(entry.seq, { mutation, imageOf: undefined });
  });
}

/** A screenshot she sent from this device, while it is kept here. */
export function localImageOf(messageId: string) {
  return db.images.get(messageId);
}

/**
 * A new chat with a bestie and none of her messages, made on this device first. With
 * `greetingId` the server stores the bestie's greeting as its first message with that id; it
 * comes back with the push's answer and the pull (until then the chat shows the same words
 * as its welcome).
 */
export async function queueNewChat(input: {
  chatId: string;
  persona: PersonaRef;
  greetingId?: string;
}) {
  const { chatId, persona, greetingId } = input;
  const now = new Date().toISOString();
  await db.transaction('rw', db.chats, db.outbox, async () => {
    await db.chats.put({ id: chatId, title: '', timestamp: now, updatedAt: now, persona });
    await db.outbox.add(
      entry({
        id: uuidv7(),
        type: 'createChat',
        chat: {
          id: chatId,
          personaId: persona.id,
          isEmptyChatCreation: true,
          ...(greetingId !== undefined && { greetingId }),
        },
      }),
    );
  });
}

/** Deletes the chat here at once; the server hears of it when the outbox is pushed. */
export async function queueDeleteChat(chatId: string): Promise<void> {
  const tables = [db.chats, db.messages, db.messageBlocks, db.drafts, db.outbox, db.images];
  await db.transaction('rw', tables, async () => {
    await db.chats.delete(chatId);
    await deleteMessagesOf([chatId]);
    await db.images.where('chatId').equals(chatId).delete();
    await db.drafts.delete(chatId);
    await db.outbox.add(entry({ id: uuidv7(), type: 'deleteChat', chatId }));
  });
}

/** Her names for chats still waiting in the outbox, the newest for each chat. */
export async function waitingTitles(): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const { mutation } of await db.outbox.orderBy('seq').toArray()) {
    if (mutation.type === 'renameChat') titles.set(mutation.chatId, mutation.title);
  }
  return titles;
}

/** The waiting mutations, oldest first, as many as one push may carry. */
export function outboxInOrder(limit = PUSH_MAX_MUTATIONS): Promise<OutboxEntry[]> {
  return db.outbox.orderBy('seq').limit(limit).toArray();
}

export function outboxSize(): Promise<number> {
  return db.outbox.count();
}

/** The message a mutation carries, if any: its id and its chat's. */
export function messageOf(mutation: Mutation): { id: string; chatId: string } | undefined {
  if (mutation.type === 'sendMessage') return { id: mutation.message.id, chatId: mutation.chatId };
  if (mutation.type === 'createChat' && mutation.chat.messageId !== undefined) {
    return { id: mutation.chat.messageId, chatId: mutation.chat.id };
  }
  return undefined;
}

/** Her messages still waiting in the outbox. */
export async function waitingMessageIds(): Promise<Set<string>> {
  const entries = await db.outbox.toArray();
  return new Set(entries.flatMap(({ mutation }) => messageOf(mutation)?.id ?? []));
}

/**
 * A change to her profile or theme: her account as this device keeps it (meta 'user') takes it
 * at once, and the updateProfile mutation waits in the outbox, in one transaction. Returns the
 * mutation's id (to learn its outcome, see settled.ts), the change as stored (normalised) and
 * her account as it now stands here (null when the device holds no account yet). Throws on a
 * change the shared schema refuses (loaded here, with zod, the first time she changes one).
 */
export async function queueProfileUpdate(
  change: ProfileUpdate,
): Promise<{ mutationId: string; profile: ProfileUpdate; user: PublicUser | null }> {
  const profile = await normalizedChange(change);
  const mutation: Mutation = { id: uuidv7(), type: 'updateProfile', profile };
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const stored = (await db.meta.get('user'))?.value as PublicUser | undefined;
    const user = stored ? applyProfile(stored, profile) : null;
    if (user) await db.meta.put({ key: 'user', value: user });
    await db.outbox.add(entry(mutation));
    return { mutationId: mutation.id, profile, user };
  });
}

/**
 * The change as the server will store it. A theme alone (chosen on any screen, offline too)
 * needs no schema; anything else is checked by the shared schema, which loads with zod the
 * first time (Settings has loaded it already, as its form checks with it).
 */
async function normalizedChange(change: ProfileUpdate): Promise<ProfileUpdate> {
  const keys = Object.keys(change);
  if (keys.length === 1 && keys[0] === 'theme' && isTheme(change.theme)) return change;
  const { normalizedProfile } = await import('./normalizeProfile');
  return normalizedProfile(change);
}

/** Her profile changes still waiting in the outbox, oldest first. */
async function waitingProfileChanges(): Promise<ProfileUpdate[]> {
  const entries = await db.outbox.orderBy('seq').toArray();
  return entries.flatMap(({ mutation }) =>
    mutation.type === 'updateProfile' ? [mutation.profile] : [],
  );
}

/**
 * Her account from the server with her profile changes that have not reached it yet (only
 * when the device is hers: another account's waiting changes are never put on top).
 */
export async function withWaitingProfile(user: PublicUser): Promise<PublicUser> {
  return db.transaction('r', db.meta, db.outbox, async () => {
    if ((await db.meta.get('userId'))?.value !== user.id) return user;
    return (await waitingProfileChanges()).reduce(applyProfile, user);
  });
}

/** A theme she chose on this device has not reached her account yet (it wins over the server's). */
export async function themeChangeWaiting(): Promise<boolean> {
  return (await waitingProfileChanges()).some((profile) => profile.theme !== undefined);
}
