import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocation } from 'react-router-dom';
import type { Memory } from '@shared/memory';
import { afterScreenDrawn } from '../../components/afterScreen';
import { glow } from '../../components/glow';
import { lazyModule, useLazyModule } from '../../components/lazyModule';
import {
  memoriesByGroup,
  queueForgetAllMemories,
  queueForgetMemory,
  type MemoriesHere,
} from '../../db/memories';
import { toast } from '../../state/useToastStore';
// Settings has the engine already (saveProfile.ts): no need to load it through requestSync.ts.
import { syncNow } from '../../sync/runtime';
import { MemoryRow, memoryRowId } from './MemoryRow';
import './memories.css';

/** Where the chat's menu sends her: /settings#memories. */
const MEMORIES_HASH = '#memories';
/** Where a search result or a reply's memory sends her: /settings#memory-<id>, at its row. */
const MEMORY_HASH = `#${memoryRowId('')}`;

/**
 * 'Forget everything?' is fetched once the screen is drawn (or as she asks), as the chat's
 * history fetches it: a chunk Settings asked for as it loads would be one more name in the
 * app's entry, part of every screen's first load.
 */
const confirmDialog = lazyModule(() => import('../../components/ui/ConfirmDialog'));

const NOT_SAVED = {
  title: 'Not forgotten',
  description: 'Your change could not be saved on this device. Please try again.',
  variant: 'destructive',
} as const;

/**
 * 'What your besties remember' (the glass box): every memory her besties keep of her, grouped,
 * each editable and forgettable, and 'Forget everything'. Read from this device, so it works
 * offline; her changes go out through the outbox (db/memories.ts).
 */
export function MemoriesSection() {
  const here = useLiveQuery(memoriesByGroup, []);
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const forgetButtons = useRef(new Map<string, HTMLButtonElement>());
  /** After a forget: whose Forget button takes the focus once the row is gone (null: heading). */
  const focusNext = useRef<{ gone: string | null; to: string | null } | null>(null);
  useOpenedHere(here !== undefined, section, heading);

  useLayoutEffect(() => {
    const next = focusNext.current;
    if (!next || !here) return;
    const ids = here.groups.flatMap((group) => group.memories.map((memory) => memory.id));
    if (next.gone !== null && ids.includes(next.gone)) return;
    focusNext.current = null;
    const button = next.to === null ? undefined : forgetButtons.current.get(next.to);
    (button ?? heading.current)?.focus();
  }, [here]);

  async function forget(memory: Memory) {
    const ids = here?.groups.flatMap((group) => group.memories.map(({ id }) => id)) ?? [];
    const at = ids.indexOf(memory.id);
    focusNext.current = { gone: memory.id, to: ids[at + 1] ?? ids[at - 1] ?? null };
    try {
      await queueForgetMemory(memory.id);
      void syncNow();
      toast({
        title: 'Forgotten',
        description: `${memory.subject} is no longer in what your besties remember.`,
      });
    } catch {
      focusNext.current = null;
      toast(NOT_SAVED);
    }
  }

  async function forgetAll() {
    // The list empties, this button with it: the section's heading takes the focus.
    focusNext.current = { gone: null, to: null };
    try {
      await queueForgetAllMemories();
      void syncNow();
      toast({ title: 'Forgotten', description: 'Your besties have forgotten everything here.' });
    } catch {
      focusNext.current = null;
      toast(NOT_SAVED);
    }
  }

  return (
    <section
      ref={section}
      id="memories"
      className="card settings__section memories"
      aria-labelledby="memories-title"
    >
      <h2 id="memories-title" ref={heading} tabIndex={-1} className="memories__title">
        What your besties remember
      </h2>
      {here && here.count === 0 && (
        <p className="muted">
          As you chat, your besties remember the people, places and dates you mention. You'll see
          them here, and you can edit or forget any of them.
        </p>
      )}
      {here && here.count > 0 && (
        <>
          <p className="muted">
            Every bestie can use these in her replies, unless you keep one to a single bestie.
            They're kept on your account and your devices, and you can edit or forget any of them.
          </p>
          <MemoryGroups
            here={here}
            onForget={(memory) => void forget(memory)}
            forgetButtonRef={(id, button) => {
              if (button) forgetButtons.current.set(id, button);
              else forgetButtons.current.delete(id);
            }}
          />
          <ForgetEverything count={here.count} onForget={() => void forgetAll()} />
        </>
      )}
    </section>
  );
}

interface MemoryGroupsProps {
  here: MemoriesHere;
  onForget: (memory: Memory) => void;
  forgetButtonRef: (id: string, button: HTMLButtonElement | null) => void;
}

function MemoryGroups({ here, onForget, forgetButtonRef }: MemoryGroupsProps) {
  return here.groups.map((group) => (
    <div key={group.kind} className="memories__group">
      <h3 id={`memories-${group.kind}`} className="memories__heading">
        {group.heading}
      </h3>
      <ul className="memories__list" aria-labelledby={`memories-${group.kind}`}>
        {group.memories.map((memory) => (
          <MemoryRow
            key={memory.id}
            memory={memory}
            chatHere={memory.sourceChatId !== null && here.chatsHere.has(memory.sourceChatId)}
            onForget={() => onForget(memory)}
            forgetRef={(button) => forgetButtonRef(memory.id, button)}
          />
        ))}
      </ul>
    </div>
  ));
}

/** 'Forget everything', asked once more: how many go, and that it can't be undone. */
function ForgetEverything({ count, onForget }: { count: number; onForget: () => void }) {
  const [open, setOpen] = useState(false);
  const confirm = useLazyModule(confirmDialog, { now: open, later: afterScreenDrawn });
  const what = count === 1 ? 'the 1 memory' : `all ${count} memories`;
  return (
    <>
      <button
        type="button"
        className="btn btn--danger btn--block memories__forget-all"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Forget everything
      </button>
      {confirm && (
        <confirm.ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Forget everything?"
          description={`Your besties will forget ${what} listed here. Your chats stay as they are. This can't be undone.`}
          confirmLabel="Forget everything"
          onConfirm={() => {
            setOpen(false);
            onForget();
          }}
        />
      )}
    </>
  );
}

/**
 * /settings#memories (the chat menu's 'What your besties remember'): once her memories are
 * drawn, the section comes into view and its heading takes the focus, so a screen reader starts
 * there. /settings#memory-<id> (a search result, a reply's memories) does the same for that
 * memory's row, which glows a moment; one forgotten since opens at the section. Once per visit.
 */
function useOpenedHere(
  drawn: boolean,
  section: RefObject<HTMLElement | null>,
  heading: RefObject<HTMLHeadingElement | null>,
) {
  const { hash, key } = useLocation();
  const done = useRef<string | null>(null);
  useEffect(() => {
    const atMemory = hash.startsWith(MEMORY_HASH);
    if (!drawn || (hash !== MEMORIES_HASH && !atMemory) || done.current === key) return;
    done.current = key;
    // The hash is the row's id.
    const row = atMemory ? document.getElementById(hash.slice(1)) : null;
    // At once: a smooth scroll aims where the section was as it began, and the sections above
    // it change height as they load; the browser keeps what is in view in place after that.
    if (row && section.current?.contains(row)) {
      row.scrollIntoView({ block: 'center', behavior: 'instant' });
      row.focus({ preventScroll: true });
      glow(row);
      return;
    }
    section.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
    heading.current?.focus({ preventScroll: true });
  }, [drawn, hash, key, section, heading]);
}
