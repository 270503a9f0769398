import { Link } from 'react-router-dom';
import type { ChatDoc, MemoryDoc, MessageDoc } from '../../search/documents';
import type { SearchHit } from '../../search/searchIndex';
import { snippetOf, type SnippetPart } from '../../search/snippet';
import { chatDateLabel } from './chatDate';
import { messageHashOf } from './messageHash';

interface SearchResultProps {
  hit: SearchHit;
  onOpen: () => void;
}

/**
 * Where a result opens: its chat, at the message (MessageList finds it from the hash, and
 * a reload keeps it), or the memory in Settings, where she can edit or forget it.
 */
export function resultPath({ doc }: SearchHit): string {
  switch (doc.kind) {
    case 'chat':
      return `/chat/${doc.chatId}`;
    case 'message':
      return `/chat/${doc.chatId}${messageHashOf(doc.messageId)}`;
    case 'memory':
      // Settings opens at the row of that id (MemoriesSection).
      return `/settings#memory-${doc.memoryId}`;
  }
}

function Marked({ parts }: { parts: SnippetPart[] }) {
  return parts.map((part, index) =>
    part.marked ? <mark key={index}>{part.text}</mark> : part.text,
  );
}

/** One result, a link to where it opens. */
export function SearchResult({ hit, onOpen }: SearchResultProps) {
  const { doc, chatTitle, terms } = hit;
  return (
    <li>
      <Link
        to={resultPath(hit)}
        className="search-result"
        onClick={onOpen}
        aria-label={doc.kind === 'memory' ? memoryNameOf(doc) : undefined}
      >
        {doc.kind === 'memory' ? (
          <MemoryFound doc={doc} terms={terms} />
        ) : (
          <InChatFound doc={doc} chatTitle={chatTitle} terms={terms} />
        )}
      </Link>
    </li>
  );
}

/** A chat or a message: its chat and date, then the words that matched, marked, in context. */
function InChatFound({
  doc,
  chatTitle,
  terms,
}: {
  doc: ChatDoc | MessageDoc;
  chatTitle: string;
  terms: string[];
}) {
  return (
    <>
      <span className="search-result__head">
        {doc.kind === 'chat' ? (
          // Found by its name: all of it shows (two lines at most), its words marked.
          <span className="search-result__title search-result__title--found">
            <Marked parts={snippetOf(chatTitle, terms)} />
          </span>
        ) : (
          <span className="search-result__title">{chatTitle}</span>
        )}
        <span className="search-result__date">{chatDateLabel(doc.timestamp)}</span>
      </span>
      <span className="search-result__snippet">
        {doc.kind === 'chat' ? (
          `Chat with ${doc.persona}`
        ) : (
          <>
            <span className="search-result__who">{doc.fromHer ? 'You' : doc.persona}: </span>
            <Marked parts={snippetOf(doc.text, terms)} />
          </>
        )}
      </span>
    </>
  );
}

/** Who remembers a memory, as her memories in Settings say it. */
const whoOf = (doc: MemoryDoc) =>
  doc.persona === null ? 'All your besties' : `Only ${doc.persona}`;

/**
 * A memory said whole, for a screen reader: that it is one, what it is and who remembers it
 * (every word shown is in it, so she can name it by them to voice control too).
 */
function memoryNameOf(doc: MemoryDoc): string {
  const verb = doc.persona === null ? 'remember' : 'remembers';
  return `Memory of ${doc.subject}: ${doc.detail}. ${whoOf(doc)} ${verb} it.`;
}

/**
 * A memory: what it is about and what is kept of it, the words that matched marked, that it is
 * a memory, and who remembers it, as Settings notes it.
 */
function MemoryFound({ doc, terms }: { doc: MemoryDoc; terms: string[] }) {
  return (
    <>
      <span className="search-result__head">
        <span className="search-result__title search-result__title--found">
          <Marked parts={snippetOf(doc.subject, terms)} />
        </span>
        <span className="search-result__tag">Memory</span>
      </span>
      <span className="search-result__snippet">
        <Marked parts={snippetOf(doc.detail, terms)} />
      </span>
      <span
        className={`search-result__kept-by${doc.persona === null ? '' : ' search-result__only'}`}
      >
        {whoOf(doc)}
      </span>
    </>
  );
}
