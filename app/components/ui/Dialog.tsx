import {
  createContext,
  use,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { afterScreenDrawn } from '../afterScreen';
import { lazyModule, useLazyModule } from '../lazyModule';
import type * as Parts from './dialogParts';

/**
 * Accessible modal dialogs (Radix, in dialogParts.tsx): focus is trapped inside, Escape and
 * the × close them, and focus goes back to what opened them (returnFocus.ts).
 *
 * Radix and what it brings (~15 kB gzip) is not part of any screen's first load:
 * it loads once the screen is drawn (afterScreen.ts), or at once when a dialog opens before
 * that, which then shows a moment later. Nothing of a closed dialog is on the page anyway, so
 * the screen looks the same without it. Every dialog is opened from state (`open`), so a button that opens one
 * is an ordinary button, there from the first frame.
 */

type DialogParts = typeof Parts;

const dialogParts = lazyModule(() => import('./dialogParts'));

/** Loads the dialogs now (a test that wants them drawn at once, as after a screen's paint). */
export const preloadDialogs = (): Promise<unknown> => dialogParts.load();

interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  parts: DialogParts | null;
}

const DialogContext = createContext<DialogState | null>(null);

function useDialog(part: string): DialogState {
  const state = use(DialogContext);
  if (!state) throw new Error(`${part} must be inside a Dialog`);
  return state;
}

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/** A modal dialog: whether it is open, and its content (with anything else beside it). */
export function Dialog({ open, onOpenChange, children }: DialogProps) {
  // Once the screen is drawn, or at once when it opens first.
  const parts = useLazyModule(dialogParts, { now: open, later: afterScreenDrawn });
  return <DialogContext value={{ open, onOpenChange, parts }}>{children}</DialogContext>;
}

interface ContentProps extends Parts.DialogContentProps {
  /**
   * It must open whatever happens (crisis help): if the Radix side is not here when it opens
   * (offline in the first seconds of a first visit, before the app is cached), it opens as the
   * browser's own modal dialog rather than a moment later, or never.
   */
  critical?: boolean;
}

/** The dialog itself, with its title (and description) and a × that closes it. */
export function DialogContent({ critical = false, ...props }: ContentProps) {
  const { open, onOpenChange, parts } = useDialog('DialogContent');
  // Decided as it opens, and kept until it closes: it never changes under her.
  const [native, setNative] = useState(false);
  const wantsNative = critical && open && !parts;
  if (open && wantsNative && !native) setNative(true);
  if (!open && native) setNative(false);
  if (native) {
    return (
      <NativeDialog
        title={props.title}
        className={props.className}
        onClose={() => onOpenChange(false)}
      >
        {props.children}
      </NativeDialog>
    );
  }
  if (!parts) return null;
  return (
    <parts.Root open={open} onOpenChange={onOpenChange}>
      <parts.DialogContent {...props} />
    </parts.Root>
  );
}

/** The phone's sidebar as a slide-in drawer (a modal, titled 'Menu', its × 'Close menu'). */
export function DrawerContent({ children }: { children: ReactNode }) {
  const { open, onOpenChange, parts } = useDialog('DrawerContent');
  if (!parts) return null;
  return (
    <parts.Root open={open} onOpenChange={onOpenChange}>
      <parts.DrawerContent>{children}</parts.DrawerContent>
    </parts.Root>
  );
}

/** A button inside the dialog's content that closes it. */
export function DialogClose(props: ComponentProps<'button'>) {
  const { parts } = useDialog('DialogClose');
  // Only ever drawn inside DialogContent, which is there once the parts are.
  if (!parts) return null;
  return <parts.Close {...props} />;
}

interface NativeDialogProps {
  title: ReactNode;
  className?: string;
  onClose: () => void;
  children?: ReactNode;
}

/**
 * The browser's own modal dialog (critical dialogs without their Radix side): the page behind
 * is inert, Escape and the × close it, and focus goes back to what had it when it opened.
 */
function NativeDialog({ title, className, onClose, children }: NativeDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement;
    // A browser without modal dialogs (Safari before 15.4) still shows it, open in the page.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    return () => {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className={className ? `dialog dialog--native ${className}` : 'dialog dialog--native'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
      <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </dialog>
  );
}
