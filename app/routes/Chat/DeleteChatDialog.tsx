import { afterScreenDrawn } from '../../components/afterScreen';
import { lazyModule, useLazyModule } from '../../components/lazyModule';

/** The question itself: fetched once the chat is drawn, or at once when she asks to delete. */
const confirmDialog = lazyModule(() => import('../../components/ui/ConfirmDialog'));

interface DeleteChatDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/**
 * 'Delete chat?', asked when she presses a chat's delete button. It comes with the rows that
 * hold those buttons (sidebarParts.ts), no part of the chat's first load.
 */
export function DeleteChatDialog({ open, onClose, onConfirm }: DeleteChatDialogProps) {
  const confirm = useLazyModule(confirmDialog, { now: open, later: afterScreenDrawn });
  if (!confirm) return null;
  return (
    <confirm.ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Delete chat?"
      description="This conversation will be deleted for good. This can't be undone."
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  );
}
