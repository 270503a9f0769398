import { useState } from 'react';
import { afterScreenDrawn } from '../../components/afterScreen';
import { lazyModule, useLazyModule } from '../../components/lazyModule';
import { MoreIcon } from './icons';

/*
 * The '⋯' menu is Radix's dropdown, with Floating UI behind it: about 11 kB gzip that the chat
 * does not need to paint. A plain button holds its place until it loads, which
 * starts once the chat's messages are on screen (afterScreenDrawn, with the dialogs and the
 * tooltips, so none of them competes with what the screen still needs); a press on it before
 * then loads it at once and opens the menu when it arrives, and focus on it moves to the real
 * trigger.
 */
const chatMenu = lazyModule(() => import('./ChatMenu'));

export function ChatMenuButton({ chatId }: { chatId: string }) {
  const [pressed, setPressed] = useState<'pointer' | 'keyboard' | null>(null);
  const [focused, setFocused] = useState(false);
  const menu = useLazyModule(chatMenu, { now: pressed !== null, later: afterScreenDrawn });

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
