import type { Statement } from 'better-sqlite3';
import type { LegacyDb as Db } from '../db/open';
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
}

/** A message about to be stored: its sequence numbers are given by appendMessage. */
export type NewMessage = Omit<MessageRow, 'changeSeq' | 'chatSeq' | 'replyError'>;

const CHAT_COLUMNS = `id, user_id AS userId, persona_id AS personaId, title, created_at AS createdAt,
  updated_at AS updatedAt, deleted_at AS deletedAt, change_seq AS changeSeq,
  last_crisis_at AS lastCrisisAt`;

/** The messages columns in the order they are read, each with its MessageRow field. */
const MESSAGE_FIELDS = [
  ['id', 'id'],
  ['chat_id', 'chatId'],
  ['user_id', 'userId'],
  ['role', 'role'],
  ['content', 'content'],
  ['is_crisis', 'isCrisis'],
  ['reply_to', 'replyTo'],
  ['is_ocr', 'isOcr'],
  ['is_enhanced_ocr', 'isEnhancedOcr'],
  ['image_url', 'imageUrl'],
  ['extracted_text', 'extractedText'],
  ['analysis_type', 'analysisType'],
  ['ocr_analysis', 'ocrAnalysis'],
  ['ocr_structured_data', 'ocrStructuredData'],
  ['ocr_confidence', 'ocrConfidence'],
  ['created_at', 'createdAt'],
  ['change_seq', 'changeSeq'],
  ['chat_seq', 'chatSeq'],
  ['reply_error', 'replyError'],
  ['help_card', 'helpCard'],
  ['care', 'care'],
] as const satisfies readonly (readonly [string, keyof MessageRow])[];

const MESSAGE_COLUMNS = MESSAGE_FIELDS.map(([column, field]) =>
  column === field ? column : `${column} AS ${field}`,
).join(', ');

function messageOf(values: unknown[]): MessageRow {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < MESSAGE_FIELDS.length; index += 1) {
    row[MESSAGE_FIELDS[index]![1]] = values[index];
  }
  return row as unknown as MessageRow;
}

/**
 * The messages a `SELECT ${MESSAGE_COLUMNS}` statement finds. better-sqlite3 hands them over as
 * arrays and they are made objects here: its own row objects cost more per message, a large
 * share of opening a chat page. Such a statement is only read this way
 * (its SQL is its caller's own, so the connection's prepared copy is always in raw mode).
 */
function allMessages<P extends unknown[]>(statement: Statement<P, unknown>, ...params: P) {
  return (statement.raw(true).all(...params) as unknown[][]).map(messageOf);
}

/**
 * The user's next change sequence number (1, 2, 3, ...). Call inside the write's transaction.
 * Her devices hear of it (sync/notify.ts) once the transaction is over, as from a NOTIFY sent
 * in it: every write to her rows passes here or through renumberReplies.
 */
export function nextChangeSeq(db: Db, userId: string): number {
  changeFeed(db).changed(userId);
  const row = db
    .prepare<[string], { seq: number }>(
      `INSERT INTO user_change_seq (user_id, seq) VALUES (?, 1)
       ON CONFLICT (user_id) DO UPDATE SET seq = seq + 1
       RETURNING seq`,
    )
    .get(userId);
  if (!row) throw new Error('No change sequence number was returned');
  return row.seq;
}

/** Her change sequence number now: the version of her data (0 before her first write). */
export function changeSeqOf(db: Db, userId: string): number {
  return (
    db
      .prepare<[string], { seq: number }>('SELECT seq FROM user_change_seq WHERE user_id = ?')
      .get(userId)?.seq ?? 0
  );
}

export function findChat(db: Db, id: string): ChatRow | undefined {
  return db.prepare<[string], ChatRow>(`SELECT ${CHAT_COLUMNS} FROM chats WHERE id = ?`).get(id);
}

/** Her live chats, most recently updated first. */
export function listChats(db: Db, userId: string): ChatRow[] {
  return db
    .prepare<[string], ChatRow>(
      `SELECT ${CHAT_COLUMNS} FROM chats WHERE user_id = ? AND deleted_at IS NULL
       ORDER BY updated_at DESC, change_seq DESC`,
    )
    .all(userId);
}

export function insertChat(db: Db, chat: Omit<ChatRow, 'deletedAt' | 'lastCrisisAt'>): void {
  db.prepare(
    `INSERT INTO chats (id, user_id, persona_id, title, created_at, updated_at, change_seq)
     VALUES (@id, @userId, @personaId, @title, @createdAt, @updatedAt, @changeSeq)`,
  ).run(chat);
}

/** Marks the chat changed; an untitled chat takes `titleIfUntitled` when one is given. */
export function touchChat(
  db: Db,
  chat: Pick<ChatRow, 'id' | 'updatedAt' | 'changeSeq'> & { titleIfUntitled?: string },
): void {
  db.prepare(
    `UPDATE chats SET title = CASE WHEN title = '' THEN @title ELSE title END,
       updated_at = @updatedAt, change_seq = @changeSeq
     WHERE id = @id`,
  ).run({ ...chat, title: chat.titleIfUntitled ?? '' });
}

/** Leaves a tombstone (for sync) and removes the chat's messages. */
export function tombstoneChat(
  db: Db,
  chat: Pick<ChatRow, 'id' | 'changeSeq'> & { deletedAt: number },
): void {
  db.prepare('DELETE FROM messages WHERE chat_id = ?').run(chat.id);
  db.prepare(
    `UPDATE chats SET title = '', deleted_at = @deletedAt, updated_at = @deletedAt,
       change_seq = @changeSeq
     WHERE id = @id`,
  ).run(chat);
}

export function findMessage(db: Db, id: string): MessageRow | undefined {
  return db
    .prepare<[string], MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ?`)
    .get(id);
}

export function messageExists(db: Db, id: string): boolean {
  return db.prepare<[string]>('SELECT 1 FROM messages WHERE id = ?').get(id) !== undefined;
}

export function findReplyTo(db: Db, userMessageId: string): MessageRow | undefined {
  return db
    .prepare<[string], MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE reply_to = ?`)
    .get(userMessageId);
}

/** A chat's messages in their order (chat_seq). */
export function listMessages(db: Db, chatId: string): MessageRow[] {
  return allMessages(
    db.prepare<[string], unknown>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE chat_id = ? ORDER BY chat_seq`,
    ),
    chatId,
  );
}

/**
 * Up to `limit` of the chat's messages before a place (`beforeSeq`: chat_seq below it;
 * `beforeTime`: written before it), newest first: only the rows asked for are read, walking
 * messages_chat_seq backwards.
 */
export function newestMessages(
  db: Db,
  q: { chatId: string; limit: number; beforeSeq?: number; beforeTime?: number },
): MessageRow[] {
  return allMessages(
    db.prepare<[string, number, number, number], unknown>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages
       WHERE chat_id = ? AND chat_seq < ? AND created_at < ?
       ORDER BY chat_seq DESC LIMIT +?`,
    ),
    q.chatId,
    q.beforeSeq ?? Number.MAX_SAFE_INTEGER,
    q.beforeTime ?? Number.MAX_SAFE_INTEGER,
    q.limit,
  );
}

/** What a reply reads of a message of the chat: who wrote it, its text and its place. */
export type ConversationRow = Pick<
  MessageRow,
  'id' | 'role' | 'content' | 'isCrisis' | 'replyTo' | 'chatSeq' | 'care'
>;

const CONVERSATION_COLUMNS = 'id, role, content, is_crisis, reply_to, chat_seq, care';

/**
 * The rows a `SELECT ${CONVERSATION_COLUMNS}` statement finds, made objects here (as
 * allMessages does). Six columns, not a message's nineteen: a reply reads a dozen rows, and
 * the columns it never used were a large share of reading them (bench/HISTORY.md).
 */
function conversationOf<P extends unknown[]>(statement: Statement<P, unknown>, ...params: P) {
  return (statement.raw(true).all(...params) as unknown[][]).map((values): ConversationRow => ({
    id: values[0] as string,
    role: values[1] as ConversationRow['role'],
    content: values[2] as string,
    isCrisis: values[3] as number,
    replyTo: values[4] as string | null,
    chatSeq: values[5] as number,
    care: values[6] as number,
  }));
}

/**
 * What a reply to the message at `uptoSeq` reads of its chat: the newest `limit` messages up to
 * it, and the replies to those (a reply is stored after any message she sent meanwhile, so it
 * may sit past `uptoSeq`). Bounded however long the chat is; in no order. The message at
 * `uptoSeq` is the one being answered, whose reply is not stored: it is not looked for.
 */
export function conversationRows(
  db: Db,
  q: { chatId: string; uptoSeq: number; limit: number },
): ConversationRow[] {
  const recent = conversationOf(
    db.prepare<[string, number, number], unknown>(
      `SELECT ${CONVERSATION_COLUMNS} FROM messages
       WHERE chat_id = ? AND chat_seq <= ?
       ORDER BY chat_seq DESC LIMIT +?`,
    ),
    q.chatId,
    q.uptoSeq,
    q.limit,
  );
  // Nearly always every message of hers before the one answered has its reply among them.
  const answered = new Set(recent.map((row) => row.replyTo));
  const unanswered = recent.filter(
    (row) => row.role === 'user' && row.chatSeq !== q.uptoSeq && !answered.has(row.id),
  );
  if (unanswered.length === 0) return recent;
  return [
    ...recent,
    ...conversationOf(
      db.prepare<[string], unknown>(
        `SELECT ${CONVERSATION_COLUMNS} FROM messages
         WHERE reply_to IN (SELECT value FROM json_each(?))`,
      ),
      JSON.stringify(unanswered.map((row) => row.id)),
    ),
  ];
}

/** The text of the chat's newest `limit` screenshots up to `uptoSeq`, oldest first. */
export function screenshotTexts(
  db: Db,
  q: { chatId: string; uptoSeq: number; limit: number },
): string[] {
  return db
    .prepare<[typeof q], { text: string }>(
      `SELECT extracted_text AS text FROM messages
       WHERE chat_id = @chatId AND chat_seq <= @uptoSeq
         AND extracted_text IS NOT NULL AND extracted_text <> ''
       ORDER BY chat_seq DESC LIMIT +@limit`,
    )
    .all(q)
    .map((row) => row.text)
    .reverse();
}

/** The image URLs the chat's messages use. */
export function imageUrlsOfChat(db: Db, chatId: string): string[] {
  return db
    .prepare<[string], { url: string }>(
      `SELECT DISTINCT image_url AS url FROM messages WHERE chat_id = ? AND image_url IS NOT NULL`,
    )
    .all(chatId)
    .map((row) => row.url);
}

/** The image URLs her messages (in any chat) show. */
export function imageUrlsOfUser(db: Db, userId: string): string[] {
  return db
    .prepare<[string], { url: string }>(
      `SELECT DISTINCT image_url AS url FROM messages WHERE user_id = ? AND image_url IS NOT NULL`,
    )
    .all(userId)
    .map((row) => row.url);
}

/** Those of `urls` that her messages (in any chat) still use. */
export function imageUrlsInUse(db: Db, userId: string, urls: string[]): string[] {
  if (urls.length === 0) return [];
  return db
    .prepare<string[], { url: string }>(
      `SELECT DISTINCT image_url AS url FROM messages
       WHERE user_id = ? AND image_url IN (${urls.map(() => '?').join(', ')})`,
    )
    .all(userId, ...urls)
    .map((row) => row.url);
}

export function firstUserMessageId(db: Db, chatId: string): string | undefined {
  return db
    .prepare<[string], { id: string }>(
      `SELECT id FROM messages WHERE chat_id = ? AND role = 'user' ORDER BY chat_seq LIMIT 1`,
    )
    .get(chatId)?.id;
}

/**
 * Stores a message row and answers it as stored: the same values, made here as a read makes
 * them (RETURNING every column cost a large share of an insert; bench/HISTORY.md).
 */
export function insertMessage(db: Db, message: MessageRow): MessageRow {
  db.prepare<[MessageRow]>(
    `INSERT INTO messages (id, chat_id, user_id, role, content, is_crisis, reply_to, is_ocr,
       is_enhanced_ocr, image_url, extracted_text, analysis_type, ocr_analysis,
       ocr_structured_data, ocr_confidence, created_at, change_seq, chat_seq, reply_error,
       help_card, care)
     VALUES (@id, @chatId, @userId, @role, @content, @isCrisis, @replyTo, @isOcr,
       @isEnhancedOcr, @imageUrl, @extractedText, @analysisType, @ocrAnalysis,
       @ocrStructuredData, @ocrConfidence, @createdAt, @changeSeq, @chatSeq, @replyError,
       @helpCard, @care)`,
  ).run(message);
  return messageOf(MESSAGE_FIELDS.map(([, field]) => message[field]));
}

/** The chat's next place for a message (1, 2, 3, ...). Call inside the write's transaction. */
export function nextChatSeq(db: Db, chatId: string): number {
  const row = db
    .prepare<[string], { seq: number }>(
      'SELECT COALESCE(MAX(chat_seq), 0) + 1 AS seq FROM messages WHERE chat_id = ?',
    )
    .get(chatId);
  return row?.seq ?? 1;
}

/**
 * Stores a message as the chat's next one and marks the chat changed, in one transaction (a
 * savepoint inside the caller's), and answers the row as stored. The one way a message is
 * written.
 */
export function appendMessage(
  db: Db,
  props: { message: NewMessage; titleIfUntitled?: string },
): MessageRow {
  const { message } = props;
  return db.transaction(() => {
    const stored = insertMessage(db, {
      ...message,
      changeSeq: nextChangeSeq(db, message.userId),
      chatSeq: nextChatSeq(db, message.chatId),
      replyError: null,
    });
    touchChat(db, {
      id: message.chatId,
      titleIfUntitled: props.titleIfUntitled,
      updatedAt: message.createdAt,
      changeSeq: nextChangeSeq(db, message.userId),
    });
    return stored;
  })();
}

/** The chat's newest crisis signal (ms), read now (a send's copy of the chat may be older). */
export function lastCrisisAt(db: Db, chatId: string): number | null {
  const row = db
    .prepare<[string], { at: number | null }>('SELECT last_crisis_at AS at FROM chats WHERE id = ?')
    .get(chatId);
  return row?.at ?? null;
}

/** Records a crisis signal at `at`, unless a newer one is recorded. Inside the reply's write. */
export function recordCrisisSignal(db: Db, props: { chatId: string; at: number }): void {
  db.prepare<[{ chatId: string; at: number }]>(
    `UPDATE chats SET last_crisis_at = MAX(COALESCE(last_crisis_at, @at), @at) WHERE id = @chatId`,
  ).run(props);
}

/** Sets or clears why her message got no reply; the row takes a new change sequence number. */
export function setReplyError(
  db: Db,
  props: { id: string; replyError: string | null; changeSeq: number },
): void {
  db.prepare(
    'UPDATE messages SET reply_error = @replyError, change_seq = @changeSeq WHERE id = @id',
  ).run(props);
}

// Sync: changes after a cursor, and rows by id.

/** Her chats (live and tombstones) changed after `cursor`, in change order, at most `limit`. */
export function chatsChangedSince(
  db: Db,
  q: { userId: string; cursor: number; limit: number },
): ChatRow[] {
  return db
    .prepare<[string, number, number], ChatRow>(
      `SELECT ${CHAT_COLUMNS} FROM chats WHERE user_id = ? AND change_seq > ?
       ORDER BY change_seq LIMIT +?`,
    )
    .all(q.userId, q.cursor, q.limit);
}

/** Her messages written after `cursor`, in change order, at most `limit`. */
export function messagesChangedSince(
  db: Db,
  q: { userId: string; cursor: number; limit: number },
): MessageRow[] {
  return allMessages(
    db.prepare<[string, number, number], unknown>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE user_id = ? AND change_seq > ?
       ORDER BY change_seq LIMIT +?`,
    ),
    q.userId,
    q.cursor,
    q.limit,
  );
}

/** Chats by id (any state), for presenting rows; ids not found are left out. */
export function chatsByIds(db: Db, ids: string[]): ChatRow[] {
  if (ids.length === 0) return [];
  return db
    .prepare<[string], ChatRow>(
      `SELECT ${CHAT_COLUMNS} FROM chats WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids));
}

/** Messages by id, oldest first; ids not found (a deleted chat's) are left out. */
export function messagesByIds(db: Db, ids: string[]): MessageRow[] {
  if (ids.length === 0) return [];
  return allMessages(
    db.prepare<[string], unknown>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id IN (SELECT value FROM json_each(?))
       ORDER BY change_seq`,
    ),
    JSON.stringify(ids),
  );
}

// Plans: replies are presented for her tier, so a change of tier sends them again.

/**
 * Gives each of her replies (but crisis replies and greetings, always shown in full) a new
 * number of her change sequence, in their present order, so her next pull brings them again.
 * Call inside the transaction that changed her tier.
 */
export function renumberReplies(db: Db, userId: string): void {
  const { count } = db
    .prepare<[string], { count: number }>(
      `SELECT count(*) AS count FROM messages
       WHERE user_id = ? AND role = 'assistant' AND is_crisis = 0 AND reply_to IS NOT NULL`,
    )
    .get(userId) ?? { count: 0 };
  if (count === 0) return;
  const last = db
    .prepare<[{ userId: string; count: number }], { seq: number }>(
      `INSERT INTO user_change_seq (user_id, seq) VALUES (@userId, @count)
       ON CONFLICT (user_id) DO UPDATE SET seq = seq + @count
       RETURNING seq`,
    )
    .get({ userId, count });
  if (!last) throw new Error('No change sequence number was returned');
  changeFeed(db).changed(userId);
  db.prepare(
    `UPDATE messages SET change_seq = @first + ordered.n - 1
     FROM (
       SELECT id, ROW_NUMBER() OVER (ORDER BY change_seq) AS n FROM messages
       WHERE user_id = @userId AND role = 'assistant' AND is_crisis = 0
         AND reply_to IS NOT NULL
     ) AS ordered
     WHERE messages.id = ordered.id`,
  ).run({ userId, first: last.seq - count + 1 });
}

/** The tier her replies were last presented for after a payment, if any. */
export function findPresentedTier(db: Db, userId: string): string | undefined {
  return db
    .prepare<[string], { tier: string }>('SELECT tier FROM presented_tiers WHERE user_id = ?')
    .get(userId)?.tier;
}

export function setPresentedTier(
  db: Db,
  row: { userId: string; tier: string; updatedAt: number },
): void {
  db.prepare(
    `INSERT INTO presented_tiers (user_id, tier, updated_at) VALUES (@userId, @tier, @updatedAt)
     ON CONFLICT (user_id) DO UPDATE SET tier = excluded.tier, updated_at = excluded.updated_at`,
  ).run(row);
}
