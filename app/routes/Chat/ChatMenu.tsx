import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { saveBlob } from '../../components/download';
import { findChat, messagesOf } from '../../db/chats';
import { toast } from '../../state/useToastStore';
import { chatToMarkdown, markdownFileName } from './exportMarkdown';
import { MoreIcon } from './icons';
import './chatMenu.css';

/** The chat's own actions ('⋯' in its header): for now, taking it with her as Markdown. */
export function ChatMenu({ chatId }: { chatId: string }) {
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
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="icon-button chat-menu__trigger" aria-label="Chat options">
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="chat-menu" align="end" sideOffset={4}>
          <DropdownMenu.Item className="chat-menu__item" onSelect={() => void exportMarkdown()}>
            Export as Markdown
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
