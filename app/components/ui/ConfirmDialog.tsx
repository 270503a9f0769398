import '../dialogs.css';
import { Dialog, DialogClose, DialogContent } from './Dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}

/** A yes-or-no question in a modal: Cancel closes it, the confirm button acts. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        <div className="dialog__actions dialog__actions--row">
          <DialogClose className="btn btn--secondary">Cancel</DialogClose>
          <button
            type="button"
            className="btn btn--danger-solid"
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
