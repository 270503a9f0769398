import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { saveBlob } from '../../components/download';
import { RadixTooltip } from '../../components/ui/RadixTooltip';
import { findChat } from '../../db/chats';
import { messagesOf } from '../../db/wholeChat';
import { toast } from '../../state/useToastStore';
import { chatToMarkdown, markdownFileName } from './exportMarkdown';
import { MoreIcon } from './icons';
import { afterScreenDrawn } from '../../components/afterScreen';
import { lazyModule, useLazyModule } from '../../components/lazyModule';
import './chatMenu.css';

/**
 * The rename dialog's form, with zod and its field, loads after the menu itself (or when she
 * opens it first): none of it is asked for by the chat's first paint, not even its file names.
 */
const renameDialog = lazyModule(() => import('./RenameChatDialog'));

interface ChatMenuProps {
  chatId: string;
  /**
   * She pressed the stand-in before this loaded (ChatMenuButton): open at once, on the first
   * item when she used the keyboard (as Radix does when its own trigger gets the key).
   */
  openedBy?: 'pointer' | 'keyboard' | null;
  /** The stand-in had focus: the trigger takes it. */
  focusTrigger?: boolean;
}

/**
 * The chat's own actions ('⋯' in its header): taking it with her as Markdown, and naming it.
 * Loaded after the chat paints, through ChatMenuButton.
 */
export function ChatMenu({ chatId, openedBy = null, focusTrigger = false }: ChatMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [renaming, setRenaming] = useState(false);
  const [menuOpened, setMenuOpened] = useState(openedBy !== null);
  const chat = useLiveQuery(() => findChat(chatId), [chatId]);
  const rename = useLazyModule(renameDialog, {
    now: menuOpened || renaming,
    later: afterScreenDrawn,
  });
  const toFirstItem = useRef(openedBy === 'keyboard');
  useEffect(() => {
    // Only as it replaces the stand-in.
    if (focusTrigger && !openedBy) trigger.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function exportMarkdown() {
    try {
      // What this device holds, read now: it works offline and matches what she sees.
      const [chat, messages] = await Promise.all([findChat(chatId), messagesOf(chatId)]);
      if (!chat) throw new Error('This chat is not on this device');
      const exportedAt = new Date();
      saveBlob(
        new Blob([chatToMarkdown(chat, messages, { exportedAt })], {
          type: 'text/markdown;charset=utf-8',
        }),
        markdownFileName(chat, exportedAt),
      );
    } catch {
      toast({
        title: 'Export failed',
        description: 'This chat could not be exported. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <>
      <DropdownMenu.Root
        modal={false}
        defaultOpen={openedBy !== null}
        onOpenChange={(open) => open && setMenuOpened(true)}
      >
        {/* Loaded after paint itself, the menu has its tooltip straight away (no IconTooltip). Its
          trigger sits outside the tooltip's, so data-state tells whether the menu is open. */}
        <DropdownMenu.Trigger ref={trigger} asChild>
          <RadixTooltip>
            <button
              type="button"
              className="icon-button chat-menu__trigger"
              aria-label="Chat options"
            >
              <MoreIcon />
            </button>
          </RadixTooltip>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className="chat-menu"
            align="end"
            sideOffset={4}
            onFocus={(event) => {
              // Radix focuses the menu as it opens; opened by a key, she starts on the first item.
              if (!toFirstItem.current || event.target !== event.currentTarget) return;
              toFirstItem.current = false;
              event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
            }}
          >
            <DropdownMenu.Item className="chat-menu__item" onSelect={() => void exportMarkdown()}>
              Export as Markdown
            </DropdownMenu.Item>
            <DropdownMenu.Item className="chat-menu__item" onSelect={() => setRenaming(true)}>
              Rename chat
            </DropdownMenu.Item>
            <MemoriesItem />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {chat && rename && (
        <rename.RenameChatDialog
          chatId={chatId}
          title={chat.title}
          open={renaming}
          onOpenChange={setRenaming}
          returnFocusTo={trigger}
        />
      )}
    </>
  );
}

/** Her memories, in Settings: what her besties remember of her (and her chats). */
function MemoriesItem() {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Item
      className="chat-menu__item"
      onSelect={() => void navigate('/settings#memories')}
    >
      What your besties remember
    </DropdownMenu.Item>
  );
}
