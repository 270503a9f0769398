import type { RefObject } from 'react';
import { z } from 'zod';
import { chatTitleSchema } from '@shared/chat-title-schema';
import '../../components/dialogs.css';
import { useZodForm } from '../../components/forms/useZodForm';
import { CancelAndSave } from '../../components/ui/CancelAndSave';
import { Dialog, DialogContent } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { queueRenameChat } from '../../db/renameChat';
import { toast } from '../../state/useToastStore';

const renameSchema = z.object({ title: chatTitleSchema });

interface RenameChatDialogProps {
  chatId: string;
  /** Her chat's name as this device holds it now: the field starts with it. */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back here as it closes: the menu item that opened it is gone by then. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * 'Rename chat' from the chat's '⋯' menu: her name for it, saved on this device at once and
 * sent through the outbox (offline too); the name the server applies last wins.
 */
export function RenameChatDialog(props: RenameChatDialogProps) {
  const { chatId, title, open, onOpenChange, returnFocusTo } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="rename-chat"
        title="Rename chat"
        description="Give this chat a name you'll recognise."
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        {/* Inside the dialog, so it starts from her chat's name each time it opens. */}
        <RenameForm chatId={chatId} title={title} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RenameForm(props: { chatId: string; title: string; onDone: () => void }) {
  const form = useZodForm(renameSchema, { title: props.title });
  const save = form.onSubmit(async ({ title }) => {
    try {
      await queueRenameChat(props.chatId, title);
      props.onDone();
    } catch {
      toast({
        title: 'Rename failed',
        description: 'The new name could not be saved. Please try again.',
        variant: 'destructive',
      });
    }
  });
  return (
    <form onSubmit={save} noValidate>
      <TextField
        id="rename-chat-title"
        label="Chat name"
        autoComplete="off"
        enterKeyHint="done"
        {...form.field('title')}
      />
      <CancelAndSave />
    </form>
  );
}
