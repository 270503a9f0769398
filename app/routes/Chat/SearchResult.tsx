import { Link } from 'react-router-dom';
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
 * a reload keeps it).
 */
export function resultPath({ doc }: SearchHit): string {
  return doc.kind === 'message'
    ? `/chat/${doc.chatId}${messageHashOf(doc.messageId)}`
    : `/chat/${doc.chatId}`;
}

function Marked({ parts }: { parts: SnippetPart[] }) {
  return parts.map((part, index) =>
    part.marked ? <mark key={index}>{part.text}</mark> : part.text,
  );
}

/** One result: its chat and date, then the words that matched, marked, in a little context. */
export function SearchResult({ hit, onOpen }: SearchResultProps) {
  const { doc, chatTitle, terms } = hit;
  return (
    <li>
      <Link to={resultPath(hit)} className="search-result" onClick={onOpen}>
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
      </Link>
    </li>
  );
}
