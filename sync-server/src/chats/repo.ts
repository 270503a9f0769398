import { sql } from 'kysely';
import { NO_SCREENSHOT } from '@shared/chat';
import { afterCommit, engineOf, inTransaction } from '../db/database';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { Tables } from '../db/tables';
import { changeFeed } from '../sync/notify';

export interface ChatRow {
  id: string;
  userId: string;
  personaId: number;
  title: string;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
  changeSeq: number;
  /** The newest crisis signal from her side in this chat (ms), or null: see @shared/safety/risk. */
  lastCrisisAt: number | null;
}

/** A messages row. `content` is always the whole text: present it, never send it. */
export interface MessageRow {
  id: string;
  chatId: string;
  userId: string;
  role: 'user' | 'assistant';
  content: string;
  isCrisis: number;
  /** On a reply: a model's text carrying crisis help, to a message not judged a crisis. */
  helpCard: number;
  /** On a reply: written while the chat was in care mode (whole for every plan). */
  care: number;
  replyTo: string | null;
  isOcr: number;
  isEnhancedOcr: number;
  imageUrl: string | null;
  extractedText: string | null;
  analysisType: string | null;
  /** JSON */
  ocrAnalysis: string | null;
  /** JSON */
  ocrStructuredData: string | null;
  ocrConfidence: number | null;
  createdAt: number;
  changeSeq: number;
  /** Its place in the chat (1, 2, 3, ...), given at insert, never changed. */
  chatSeq: number;
  /** On her message: why the reply could not be written, until she sends it again. */
  replyError: string | null;
  /** On a reply: JSON, the ids of her memories it drew on; null when none. */
  usedMemories: string | null;
}

/** A message about to be stored: its sequence numbers are given by appendMessage. */
export type NewMessage = Omit<MessageRow, 'changeSeq' | 'chatSeq' | 'replyError'>;

/** A plain text message about to be stored: no screenshot, no crisis, no flag but `fields`. */
export function newMessage(
  fields: Pick<NewMessage, 'id' | 'chatId' | 'userId' | 'role' | 'content' | 'createdAt'> &
    Partial<NewMessage>,
): NewMessage {
  return {
    isCrisis: 0,
    helpCard: 0,
    care: 0,
    replyTo: null,
    isOcr: 0,
    isEnhancedOcr: 0,
    ...NO_SCREENSHOT,
    usedMemories: null,
    ...fields,
  };
}

const CHAT_COLUMNS = [
  'id',
  'user_id as userId',
  'persona_id as personaId',
  'title',
  'created_at as createdAt',
  'updated_at as updatedAt',
  'deleted_at as deletedAt',
  'change_seq as changeSeq',
  'last_crisis_at as lastCrisisAt',
] as const;

/** The messages columns, each as its MessageRow field. */
const MESSAGE_COLUMNS = [
  'id',
  'chat_id as chatId',
  'user_id as userId',
  'role',
  'content',
  'is_crisis as isCrisis',
  'reply_to as replyTo',
  'is_ocr as isOcr',
  'is_enhanced_ocr as isEnhancedOcr',
  'image_url as imageUrl',
  'extracted_text as extractedText',
  'analysis_type as analysisType',
  'ocr_analysis as ocrAnalysis',
  'ocr_structured_data as ocrStructuredData',
  'ocr_confidence as ocrConfidence',
  'created_at as createdAt',
  'change_seq as changeSeq',
  'chat_seq as chatSeq',
  'reply_error as replyError',
  'help_card as helpCard',
  'care',
  'used_memories as usedMemories',
] as const;

/**
 * The user's next change sequence number (1, 2, 3, ...). Call inside the write's transaction.
 * Her devices hear of it (sync/notify.ts) once the transaction has committed (afterCommit), as
 * from a NOTIFY sent in it: every write to her rows passes here or through renumberReplies.
 */
export async function nextChangeSeq(db: Db, userId: string): Promise<number> {
  return (await nextChangeSeqs(db, userId, 1))[0] as number;
}

/** `count` new numbers of her change sequence, in one statement, oldest first. */
async function nextChangeSeqs(db: Db, userId: string, count: 1 | 2): Promise<number[]> {
  const feed = changeFeed(db);
  afterCommit(db, () => feed.changed(userId));
  const row = await bumpedChangeSeq.executeTakeFirst(db, { userId, count });
  if (!row) throw new Error('No change sequence number was returned');
  return count === 1 ? [row.seq] : [row.seq - 1, row.seq];
}

const bumpedChangeSeq = prepared((db, values: { userId: string; count: number }) =>
  db
    .insertInto('user_change_seq')
    .values({ user_id: values.userId, seq: values.count })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({ seq: eb('user_change_seq.seq', '+', values.count) })),
    )
    .returning('seq'),
);

/**
 * Locks her change counter for the rest of the transaction (PostgreSQL; SQLite has one
 * writer at a time): every write to her chats takes a number from it, so her writes take
 * turns here, and a transaction that locks it first reads, at READ COMMITTED, everything the
 * writers before it committed (`inTransaction`'s `lockedRows`).
 */
export async function lockHerChanges(db: Db, userId: string): Promise<void> {
  if (engineOf(db) === 'postgres') await herChangesLocked.run(db, { userId });
}

const herChangesLocked = prepared((db, values: { userId: string }) =>
  db
    .insertInto('user_change_seq')
    .values({ user_id: values.userId, seq: 0 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ seq: eb.ref('user_change_seq.seq') })),
    ),
);

/** Her change sequence number now: the version of her data (0 before her first write). */
export async function changeSeqOf(db: Db, userId: string): Promise<number> {
  const row = await changeSeqOfUser.executeTakeFirst(db, { userId });
  return row?.seq ?? 0;
}

const changeSeqOfUser = prepared((db, values: { userId: string }) =>
  db.selectFrom('user_change_seq').select('seq').where('user_id', '=', values.userId),
);

export async function findChat(db: Db, id: string): Promise<ChatRow | undefined> {
  return chatById.executeTakeFirst(db, { id });
}

const chatById = prepared((db, values: { id: string }) =>
  db.selectFrom('chats').select(CHAT_COLUMNS).where('id', '=', values.id),
);

/** Her live chats, most recently updated first. */
const chatsOfUser = prepared((db, values: { userId: string }) =>
  db
    .selectFrom('chats')
    .select(CHAT_COLUMNS)
    .where('user_id', '=', values.userId)
    .where('deleted_at', 'is', null)
    .orderBy('updated_at', 'desc')
    .orderBy('change_seq', 'desc'),
);

export async function listChats(db: Db, userId: string): Promise<ChatRow[]> {
  return chatsOfUser.execute(db, { userId });
}

export async function insertChat(
  db: Db,
  chat: Omit<ChatRow, 'deletedAt' | 'lastCrisisAt'>,
): Promise<void> {
  await db
    .insertInto('chats')
    .values({
      id: chat.id,
      user_id: chat.userId,
      persona_id: chat.personaId,
      title: chat.title,
      created_at: chat.createdAt,
      updated_at: chat.updatedAt,
      change_seq: chat.changeSeq,
    })
    .execute();
}

/** Marks the chat changed; an untitled chat takes `titleIfUntitled` when one is given. */
export async function touchChat(
  db: Db,
  chat: Pick<ChatRow, 'id' | 'updatedAt' | 'changeSeq'> & { titleIfUntitled?: string },
): Promise<void> {
  await chatTouched.run(db, {
    id: chat.id,
    title: chat.titleIfUntitled ?? '',
    updatedAt: chat.updatedAt,
    changeSeq: chat.changeSeq,
  });
}

const chatTouched = prepared(
  (db, values: { id: string; title: string; updatedAt: number; changeSeq: number }) =>
    db
      .updateTable('chats')
      .set((eb) => ({
        title: eb.case().when('title', '=', '').then(values.title).else(eb.ref('title')).end(),
        updated_at: values.updatedAt,
        change_seq: values.changeSeq,
      }))
      .where('id', '=', values.id),
);

/** Gives the chat her name for it, with a new change number (its time stays). */
export async function renameChat(
  db: Db,
  chat: Pick<ChatRow, 'id' | 'title' | 'changeSeq'>,
): Promise<void> {
  await db
    .updateTable('chats')
    .set({ title: chat.title, change_seq: chat.changeSeq })
    .where('id', '=', chat.id)
    .execute();
}

/** Leaves a tombstone (for sync) and removes the chat's messages. */
export async function tombstoneChat(
  db: Db,
  chat: Pick<ChatRow, 'id' | 'changeSeq'> & { deletedAt: number },
): Promise<void> {
  await db.deleteFrom('messages').where('chat_id', '=', chat.id).execute();
  await db
    .updateTable('chats')
    .set({
      title: '',
      deleted_at: chat.deletedAt,
      updated_at: chat.deletedAt,
      change_seq: chat.changeSeq,
    })
    .where('id', '=', chat.id)
    .execute();
}

export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return messageById.executeTakeFirst(db, { id });
}

const messageById = prepared((db, values: { id: string }) =>
  db.selectFrom('messages').select(MESSAGE_COLUMNS).where('id', '=', values.id),
);

export async function messageExists(db: Db, id: string): Promise<boolean> {
  return (await messageIdOf.executeTakeFirst(db, { id })) !== undefined;
}

const messageIdOf = prepared((db, values: { id: string }) =>
  db.selectFrom('messages').select('id').where('id', '=', values.id),
);

export async function findReplyTo(db: Db, userMessageId: string): Promise<MessageRow | undefined> {
  return replyTo.executeTakeFirst(db, { userMessageId });
}

const replyTo = prepared((db, values: { userMessageId: string }) =>
  db.selectFrom('messages').select(MESSAGE_COLUMNS).where('reply_to', '=', values.userMessageId),
);

/** A chat's messages in their order (chat_seq). */
export async function listMessages(db: Db, chatId: string): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .select(MESSAGE_COLUMNS)
    .where('chat_id', '=', chatId)
    .orderBy('chat_seq')
    .execute();
}

/**
 * Up to `limit` of the chat's messages before a place (`beforeSeq`: chat_seq below it;
 * `beforeTime`: written before it), newest first: only the rows asked for are read, walking
 * messages_chat_seq backwards.
 */
export async function newestMessages(
  db: Db,
  q: { chatId: string; limit: number; beforeSeq?: number; beforeTime?: number },
): Promise<MessageRow[]> {
  const { beforeSeq, beforeTime } = q;
  const query =
    newestMessagesQueries[(beforeSeq === undefined ? 0 : 1) + (beforeTime === undefined ? 0 : 2)]!;
  return query.execute(db, { ...q, beforeSeq: beforeSeq ?? 0, beforeTime: beforeTime ?? 0 });
}

/** newestMessages' query for each pair of bounds (none, seq, time, both): one shape each. */
const newestMessagesQueries = [0, 1, 2, 3].map((bounds) =>
  prepared((db, values: { chatId: string; limit: number; beforeSeq: number; beforeTime: number }) =>
    db
      .selectFrom('messages')
      .select(MESSAGE_COLUMNS)
      .where('chat_id', '=', values.chatId)
      .$if((bounds & 1) !== 0, (qb) => qb.where('chat_seq', '<', values.beforeSeq))
      .$if((bounds & 2) !== 0, (qb) => qb.where('created_at', '<', values.beforeTime))
      .orderBy('chat_seq', 'desc')
      .limit(values.limit),
  ),
);

/** What a reply reads of a message of the chat: who wrote it, its text and its place. */
export type ConversationRow = Pick<
  MessageRow,
  'id' | 'role' | 'content' | 'isCrisis' | 'replyTo' | 'chatSeq' | 'care'
>;

/**
 * Seven columns, not a message's twenty-one: a reply reads a dozen rows, and the columns it
 * never used were a large share of reading them (bench/HISTORY.md).
 */
const CONVERSATION_COLUMNS = [
  'id',
  'role',
  'content',
  'is_crisis as isCrisis',
  'reply_to as replyTo',
  'chat_seq as chatSeq',
  'care',
] as const;

/**
 * What a reply to the message at `uptoSeq` reads of its chat: the newest `limit` messages up to
 * it, and the replies to those (a reply is stored after any message she sent meanwhile, so it
 * may sit past `uptoSeq`). Bounded however long the chat is; in no order. The message at
 * `uptoSeq` is the one being answered, whose reply is not stored: it is not looked for.
 */
export async function conversationRows(
  db: Db,
  q: { chatId: string; uptoSeq: number; limit: number },
): Promise<ConversationRow[]> {
  const recent = await recentConversation.execute(db, q);
  // Nearly always every message of hers before the one answered has its reply among them.
  const answered = new Set(recent.map((row) => row.replyTo));
  const unanswered = recent.filter(
    (row) => row.role === 'user' && row.chatSeq !== q.uptoSeq && !answered.has(row.id),
  );
  if (unanswered.length === 0) return recent;
  const replies = await db
    .selectFrom('messages')
    .select(CONVERSATION_COLUMNS)
    .where(
      'reply_to',
      'in',
      unanswered.map((row) => row.id),
    )
    .execute();
  return [...recent, ...replies];
}

const recentConversation = prepared(
  (db, values: { chatId: string; uptoSeq: number; limit: number }) =>
    db
      .selectFrom('messages')
      .select(CONVERSATION_COLUMNS)
      .where('chat_id', '=', values.chatId)
      .where('chat_seq', '<=', values.uptoSeq)
      .orderBy('chat_seq', 'desc')
      .limit(values.limit),
);

/** The text of the chat's newest `limit` screenshots up to `uptoSeq`, oldest first. */
export async function screenshotTexts(
  db: Db,
  q: { chatId: string; uptoSeq: number; limit: number },
): Promise<string[]> {
  const rows = await screenshotTextRows.execute(db, q);
  return rows.map((row) => row.text ?? '').reverse();
}

const screenshotTextRows = prepared(
  (db, values: { chatId: string; uptoSeq: number; limit: number }) =>
    db
      .selectFrom('messages')
      .select('extracted_text as text')
      .where('chat_id', '=', values.chatId)
      .where('chat_seq', '<=', values.uptoSeq)
      .where('extracted_text', 'is not', null)
      .where('extracted_text', '<>', '')
      .orderBy('chat_seq', 'desc')
      .limit(values.limit),
);

/** The image URLs the chat's messages use. */
export async function imageUrlsOfChat(db: Db, chatId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('messages')
    .select('image_url as url')
    .distinct()
    .where('chat_id', '=', chatId)
    .where('image_url', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.url === null ? [] : [row.url]));
}

/** The image URLs her messages (in any chat) show. */
export async function imageUrlsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('messages')
    .select('image_url as url')
    .distinct()
    .where('user_id', '=', userId)
    .where('image_url', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.url === null ? [] : [row.url]));
}

/** Those of `urls` that her messages (in any chat) still use. */
export async function imageUrlsInUse(db: Db, userId: string, urls: string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  const rows = await db
    .selectFrom('messages')
    .select('image_url as url')
    .distinct()
    .where('user_id', '=', userId)
    .where('image_url', 'in', urls)
    .execute();
  return rows.flatMap((row) => (row.url === null ? [] : [row.url]));
}

export async function firstUserMessageId(db: Db, chatId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('chat_id', '=', chatId)
    .where('role', '=', 'user')
    .orderBy('chat_seq')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Stores a message row and answers it as stored: the same values, made here as a read makes
 * them (RETURNING every column cost a large share of an insert; bench/HISTORY.md).
 */
const messageInserted = prepared((db, message: MessageRow) =>
  db.insertInto('messages').values({
    id: message.id,
    chat_id: message.chatId,
    user_id: message.userId,
    role: message.role,
    content: message.content,
    is_crisis: message.isCrisis,
    reply_to: message.replyTo,
    is_ocr: message.isOcr,
    is_enhanced_ocr: message.isEnhancedOcr,
    image_url: message.imageUrl,
    extracted_text: message.extractedText,
    analysis_type: message.analysisType,
    ocr_analysis: message.ocrAnalysis,
    ocr_structured_data: message.ocrStructuredData,
    ocr_confidence: message.ocrConfidence,
    created_at: message.createdAt,
    change_seq: message.changeSeq,
    chat_seq: message.chatSeq,
    reply_error: message.replyError,
    help_card: message.helpCard,
    care: message.care,
    used_memories: message.usedMemories,
  }),
);

export async function insertMessage(db: Db, message: MessageRow): Promise<MessageRow> {
  await messageInserted.run(db, message);
  return {
    id: message.id,
    chatId: message.chatId,
    userId: message.userId,
    role: message.role,
    content: message.content,
    isCrisis: message.isCrisis,
    replyTo: message.replyTo,
    isOcr: message.isOcr,
    isEnhancedOcr: message.isEnhancedOcr,
    imageUrl: message.imageUrl,
    extractedText: message.extractedText,
    analysisType: message.analysisType,
    ocrAnalysis: message.ocrAnalysis,
    ocrStructuredData: message.ocrStructuredData,
    ocrConfidence: message.ocrConfidence,
    createdAt: message.createdAt,
    changeSeq: message.changeSeq,
    chatSeq: message.chatSeq,
    replyError: message.replyError,
    helpCard: message.helpCard,
    care: message.care,
    usedMemories: message.usedMemories,
  };
}

/** The chat's next place for a message (1, 2, 3, ...). Call inside the write's transaction. */
export async function nextChatSeq(db: Db, chatId: string): Promise<number> {
  const row = await chatSeqAfterLast.executeTakeFirst(db, { chatId });
  return row?.seq ?? 1;
}

const chatSeqAfterLast = prepared((db, values: { chatId: string }) =>
  db
    .selectFrom('messages')
    .select(sql<number>`COALESCE(MAX(chat_seq), 0) + 1`.as('seq'))
    .where('chat_id', '=', values.chatId),
);

/**
 * Stores a message as the chat's next one and marks the chat changed, in one transaction (or
 * as part of the caller's), and answers the row as stored. The one way a message is
 * written.
 */
export async function appendMessage(
  db: Db,
  props: { message: NewMessage; titleIfUntitled?: string },
): Promise<MessageRow> {
  const { message } = props;
  const append = async (trx: Db) => {
    const [messageSeq, chatSeq] = (await nextChangeSeqs(trx, message.userId, 2)) as [
      number,
      number,
    ];
    const stored = await insertMessage(trx, {
      ...message,
      changeSeq: messageSeq,
      chatSeq: await nextChatSeq(trx, message.chatId),
      replyError: null,
    });
    await touchChat(trx, {
      id: message.chatId,
      titleIfUntitled: props.titleIfUntitled,
      updatedAt: message.createdAt,
      changeSeq: chatSeq,
    });
    return stored;
  };
  // Inside the caller's transaction it is part of it: a failure undoes the whole.
  return db.isTransaction ? append(db) : inTransaction(db, append);
}

/**
 * A reply written again in its place: the stored reply `id` takes the new text and flags, the
 * time it was written and a new change number, and so does its chat (its time moves), so a
 * pull brings both. Call inside the write's transaction.
 */
export async function rewriteReply(
  db: Db,
  reply: Pick<
    MessageRow,
    'id' | 'chatId' | 'userId' | 'content' | 'isCrisis' | 'helpCard' | 'care' | 'usedMemories'
  > & {
    createdAt: number;
  },
): Promise<MessageRow | undefined> {
  const [messageSeq, chatSeq] = (await nextChangeSeqs(db, reply.userId, 2)) as [number, number];
  await db
    .updateTable('messages')
    .set({
      content: reply.content,
      is_crisis: reply.isCrisis,
      help_card: reply.helpCard,
      care: reply.care,
      used_memories: reply.usedMemories,
      created_at: reply.createdAt,
      change_seq: messageSeq,
    })
    .where('id', '=', reply.id)
    .execute();
  await touchChat(db, { id: reply.chatId, updatedAt: reply.createdAt, changeSeq: chatSeq });
  return findMessage(db, reply.id);
}

/** Her message with the words she edited it to, and a new change number. */
export async function editMessage(
  db: Db,
  props: { id: string; userId: string; content: string },
): Promise<void> {
  const changeSeq = await nextChangeSeq(db, props.userId);
  await db
    .updateTable('messages')
    .set({ content: props.content, change_seq: changeSeq })
    .where('id', '=', props.id)
    .execute();
}

/**
 * Gives a message a new change number and nothing else, so a pull brings it again as it is
 * (a reply whose writing again failed: her devices show it once more).
 */
export async function resendMessage(db: Db, props: { id: string; userId: string }): Promise<void> {
  const changeSeq = await nextChangeSeq(db, props.userId);
  await db
    .updateTable('messages')
    .set({ change_seq: changeSeq })
    .where('id', '=', props.id)
    .execute();
}

/** Whether a message comes after place `chatSeq` of the chat. */
export async function hasMessageAfter(
  db: Db,
  props: { chatId: string; chatSeq: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('chat_id', '=', props.chatId)
    .where('chat_seq', '>', props.chatSeq)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The chat's newest crisis signal (ms), read now (a send's copy of the chat may be older). */
export async function lastCrisisAt(db: Db, chatId: string): Promise<number | null> {
  const row = await db
    .selectFrom('chats')
    .select('last_crisis_at as at')
    .where('id', '=', chatId)
    .executeTakeFirst();
  return row?.at ?? null;
}

/** Records a crisis signal at `at`, unless a newer one is recorded. Inside the reply's write. */
export async function recordCrisisSignal(
  db: Db,
  props: { chatId: string; at: number },
): Promise<void> {
  await db
    .updateTable('chats')
    .set({ last_crisis_at: props.at })
    .where('id', '=', props.chatId)
    .where((eb) => eb.or([eb('last_crisis_at', 'is', null), eb('last_crisis_at', '<', props.at)]))
    .execute();
}

/** Sets or clears why her message got no reply; the row takes a new change sequence number. */
export async function setReplyError(
  db: Db,
  props: { id: string; replyError: string | null; changeSeq: number },
): Promise<void> {
  await db
    .updateTable('messages')
    .set({ reply_error: props.replyError, change_seq: props.changeSeq })
    .where('id', '=', props.id)
    .execute();
}

// Sync: changes after a cursor, and rows by id.

/** Her chats (live and tombstones) changed after `cursor`, in change order, at most `limit`. */
export async function chatsChangedSince(
  db: Db,
  q: { userId: string; cursor: number; limit: number },
): Promise<ChatRow[]> {
  return db
    .selectFrom('chats')
    .select(CHAT_COLUMNS)
    .where('user_id', '=', q.userId)
    .where('change_seq', '>', q.cursor)
    .orderBy('change_seq')
    .limit(q.limit)
    .execute();
}

/** Her messages written after `cursor`, in change order, at most `limit`. */
export async function messagesChangedSince(
  db: Db,
  q: { userId: string; cursor: number; limit: number },
): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .select(MESSAGE_COLUMNS)
    .where('user_id', '=', q.userId)
    .where('change_seq', '>', q.cursor)
    .orderBy('change_seq')
    .limit(q.limit)
    .execute();
}

/** Chats by id (any state), for presenting rows; ids not found are left out. */
export async function chatsByIds(db: Db, ids: string[]): Promise<ChatRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('chats').select(CHAT_COLUMNS).where('id', 'in', ids).execute();
}

/** Messages by id, oldest first; ids not found (a deleted chat's) are left out. */
export async function messagesByIds(db: Db, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('messages')
    .select(MESSAGE_COLUMNS)
    .where('id', 'in', ids)
    .orderBy('change_seq')
    .execute();
}

// Plans: replies are presented for her tier, so a change of tier sends them again.

/**
 * Gives each of her replies (but crisis replies and greetings, always shown in full) a new
 * number of her change sequence, in their present order, so her next pull brings them again.
 * Call inside the transaction that changed her tier.
 */
export async function renumberReplies(db: Db, userId: string): Promise<void> {
  const counted = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('role', '=', 'assistant')
    .where('is_crisis', '=', 0)
    .where('reply_to', 'is not', null)
    .executeTakeFirst();
  const count = Number(counted?.count ?? 0);
  if (count === 0) return;
  const last = await db
    .insertInto('user_change_seq')
    .values({ user_id: userId, seq: count })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ seq: eb('user_change_seq.seq', '+', count) })),
    )
    .returning('seq')
    .executeTakeFirst();
  if (!last) throw new Error('No change sequence number was returned');
  const feed = changeFeed(db);
  afterCommit(db, () => feed.changed(userId));
  const first = last.seq - count + 1;
  await db
    .updateTable('messages')
    .from(
      db
        .selectFrom('messages')
        .select((eb) => [
          'id',
          eb.fn
            .agg<number>('row_number')
            .over((ob) => ob.orderBy('change_seq'))
            .as('n'),
        ])
        .where('user_id', '=', userId)
        .where('role', '=', 'assistant')
        .where('is_crisis', '=', 0)
        .where('reply_to', 'is not', null)
        .as('ordered'),
    )
    .set((eb) => ({ change_seq: eb(eb.val(first - 1), '+', eb.ref('ordered.n')) }))
    .whereRef('messages.id', '=', 'ordered.id')
    .execute();
}

/** The tier her replies were last presented for after a payment, if any. */
export async function findPresentedTier(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('presented_tiers')
    .select('tier')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.tier;
}

export async function setPresentedTier(
  db: Db,
  row: { userId: string; tier: string; updatedAt: number },
): Promise<void> {
  await db
    .insertInto('presented_tiers')
    .values({
      user_id: row.userId,
      tier: row.tier as Tables['presented_tiers']['tier'],
      updated_at: row.updatedAt,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        tier: eb.ref('excluded.tier'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
