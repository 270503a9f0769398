import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { returnFocusHandlers } from './returnFocus';

/**
 * Accessible modal dialogs (Radix): focus is trapped inside, Escape and the × close it, and
 * focus goes back to what opened it (returnFocus.ts), trigger or not.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
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
