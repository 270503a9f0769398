import { DialogClose } from './Dialog';

/** A dialog form's last row: Cancel (closes it, changing nothing) beside its submit button. */
export function CancelAndSave({ save = 'Save' }: { save?: string }) {
  return (
    <div className="dialog__actions dialog__actions--row">
      <DialogClose className="btn btn--secondary">Cancel</DialogClose>
      <button type="submit" className="btn btn--primary">
        {save}
      </button>
    </div>
  );
}
