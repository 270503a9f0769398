import { useEffect, useState } from 'react';
import type * as ChatMenuModule from './ChatMenu';
import { MoreIcon } from './icons';
import { useAfterPaint } from './useAfterPaint';

/*
 * The '⋯' menu is Radix's dropdown, with Floating UI behind it: about 11 kB gzip that the chat
 * does not need to paint (issue 14). A plain button holds its place until it loads, which
 * starts as soon as the chat is on screen; a press on it before then opens the menu when it
 * arrives, and focus on it moves to the real trigger.
 */
const loadChatMenu = () => import('./ChatMenu');

export function ChatMenuButton({ chatId }: { chatId: string }) {
  const painted = useAfterPaint(true);
  const [menu, setMenu] = useState<typeof ChatMenuModule | null>(null);
  const [pressed, setPressed] = useState<'pointer' | 'keyboard' | null>(null);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (menu || (!painted && !pressed)) return;
    let live = true;
    loadChatMenu().then(
      (module) => live && setMenu(module),
      (error: unknown) => console.error('Could not load the chat menu', error),
    );
    return () => {
      live = false;
    };
  }, [menu, painted, pressed]);

  if (menu) return <menu.ChatMenu chatId={chatId} openedBy={pressed} focusTrigger={focused} />;
  return (
    <button
      type="button"
      className="icon-button chat-menu__trigger"
      aria-label="Chat options"
      aria-haspopup="menu"
      aria-expanded={false}
      // Radix opens its menu on pointerdown, and so does this, with no focus for the button
      // (the menu takes it, and would close on focus moving outside it).
      onPointerDown={(event) => {
        event.preventDefault();
        setPressed('pointer');
      }}
      // A click without a pointer (detail 0) is Enter or Space.
      onClick={(event) => setPressed((how) => how ?? (event.detail === 0 ? 'keyboard' : 'pointer'))}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <MoreIcon />
    </button>
  );
}
