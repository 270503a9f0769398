import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { returnFocusHandlers } from './returnFocus';

/**
 * The Radix side of our dialogs (Dialog.tsx): focus is trapped inside, Escape and the × close
 * it, and focus goes back to what opened it (returnFocus.ts). Loaded after the first paint
 * so a screen's first load carries none of it.
 */
export const Root = DialogPrimitive.Root;
export const Close = DialogPrimitive.Close;

export interface DialogContentProps extends Omit<
  ComponentProps<typeof DialogPrimitive.Content>,
  'title'
> {
  title: ReactNode;
  description?: ReactNode;
  /** A centred dialog, or the phone's sidebar sliding in from the side. */
  kind?: 'dialog' | 'drawer';
  /** A title for screen readers only (the drawer's: its content says what it is). */
  hideTitle?: boolean;
  /** The × button's name. */
  closeLabel?: string;
}

export function DialogContent({
  title,
  description,
  kind = 'dialog',
  hideTitle = false,
  closeLabel = 'Close',
  children,
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="dialog__overlay" />
      <DialogPrimitive.Content
        className={className ? `${kind} ${className}` : kind}
        // Radix warns about a dialog without a description unless told there is none.
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
        // Focus goes back to what opened it, a Radix trigger or not (the drawer opens from state).
        {...returnFocusHandlers({ onOpenAutoFocus, onCloseAutoFocus })}
      >
        <DialogPrimitive.Title className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
          {title}
        </DialogPrimitive.Title>
        {description && (
          <DialogPrimitive.Description className="dialog__description">
            {description}
          </DialogPrimitive.Description>
        )}
        {children}
        <DialogPrimitive.Close className="dialog__close" aria-label={closeLabel}>
          <span aria-hidden="true">×</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The phone's sidebar as a slide-in drawer: a modal with its focus trap and Escape. */
export function DrawerContent({ children }: { children: ReactNode }) {
  return (
    <DialogContent kind="drawer" title="Menu" hideTitle closeLabel="Close menu">
      {children}
    </DialogContent>
  );
}
