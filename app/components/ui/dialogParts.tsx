import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { returnFocusHandlers } from './returnFocus';

/**
 * The Radix side of our dialogs (Dialog.tsx): focus is trapped inside, Escape and the × close
 * it, and focus goes back to what opened it (returnFocus.ts). Loaded after the first paint
 * (issue 14), so a screen's first load carries none of it.
 */
export const Root = DialogPrimitive.Root;
export const Close = DialogPrimitive.Close;

export interface DialogContentProps extends Omit<
  ComponentProps<typeof DialogPrimitive.Content>,
  'title'
> {
  title: ReactNode;
  description?: ReactNode;
}

export function DialogContent({
  title,
  description,
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
        className={className ? `dialog ${className}` : 'dialog'}
        // Radix warns about a dialog without a description unless told there is none.
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
        {...returnFocusHandlers({ onOpenAutoFocus, onCloseAutoFocus })}
      >
        <DialogPrimitive.Title className="dialog__title">{title}</DialogPrimitive.Title>
        {description && (
          <DialogPrimitive.Description className="dialog__description">
            {description}
          </DialogPrimitive.Description>
        )}
        {children}
        <DialogPrimitive.Close className="dialog__close" aria-label="Close">
          <span aria-hidden="true">×</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The phone's sidebar as a slide-in drawer: a modal with its focus trap and Escape. */
export function DrawerContent({ children }: { children: ReactNode }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="dialog__overlay" />
      <DialogPrimitive.Content
        className="drawer"
        aria-describedby={undefined}
        // Back to 'Open menu' when it closes (it opens from state, not a Radix trigger).
        {...returnFocusHandlers({})}
      >
        <DialogPrimitive.Title className="visually-hidden">Menu</DialogPrimitive.Title>
        {children}
        <DialogPrimitive.Close className="dialog__close" aria-label="Close menu">
          <span aria-hidden="true">×</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
