import { useState, type Ref } from 'react';
import { Link } from 'react-router-dom';
import type { Memory } from '@shared/memory';
import { personaById } from '@shared/personas';
import { IconTooltip } from '../../components/ui/IconTooltip';
import { EditMemoryDialog } from './EditMemoryDialog';

interface MemoryRowProps {
  memory: Memory;
  /** The chat it came from is on this device: "From your chat" can take her there. */
  chatHere: boolean;
  onForget: () => void;
  forgetRef: Ref<HTMLButtonElement>;
}

/**
 * A memory's row is named by its id, so an address names it: /settings#memory-<id> (a search
 * result, a reply's memories) opens Settings at it.
 */
export const memoryRowId = (memoryId: string) => `memory-${memoryId}`;

/** An event's day as she reads dates ("May 3, 2027"), on her calendar, not UTC's. */
function dayOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(
    new Date(year!, month! - 1, day),
  );
}

/** One memory: what it is about, what her besties keep of it, and her Edit and Forget. */
export function MemoryRow({ memory, chatHere, onForget, forgetRef }: MemoryRowProps) {
  const [editing, setEditing] = useState(false);
  const only = memory.personaId === null ? undefined : personaById(memory.personaId)?.name;
  const source =
    chatHere && memory.sourceChatId && memory.sourceMessageId
      ? `/chat/${memory.sourceChatId}#m-${memory.sourceMessageId}`
      : null;
  const hasNotes = Boolean(memory.date || only || source);
  return (
    // Focusable by code alone: opened at, it takes the focus, so a screen reader starts here.
    <li id={memoryRowId(memory.id)} tabIndex={-1} className="memory">
      <span className="memory__subject">{memory.subject}</span>
      <span className="memory__detail">{memory.detail}</span>
      {hasNotes && (
        <span className="memory__notes">
          {memory.date && (
            <time className="memory__date" dateTime={memory.date}>
              {dayOf(memory.date)}
            </time>
          )}
          {only && <span className="memory__only">Only {only}</span>}
          {source && (
            <Link className="memory__source" to={source}>
              From your chat <span className="visually-hidden">about {memory.subject}</span>
            </Link>
          )}
        </span>
      )}
      <div className="memory__actions">
        <button
          type="button"
          className="btn btn--secondary memory__edit"
          aria-label={`Edit ${memory.subject}`}
          aria-haspopup="dialog"
          onClick={() => setEditing(true)}
        >
          Edit
        </button>
        <IconTooltip>
          <button
            ref={forgetRef}
            type="button"
            className="icon-button memory__forget"
            aria-label={`Forget ${memory.subject}`}
            onClick={onForget}
          >
            <TrashIcon />
          </button>
        </IconTooltip>
      </div>
      <EditMemoryDialog memory={memory} open={editing} onOpenChange={setEditing} />
    </li>
  );
}

/** A bin, drawn as the chat history's (the button carries the name). */
function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
