import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { returnFocusHandlers } from '../../components/ui/returnFocus';

interface MobileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/** The sidebar as a slide-in drawer under 768 px: a modal with its focus trap and Escape. */
export function MobileDrawer({ open, onOpenChange, children }: MobileDrawerProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
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
    </DialogPrimitive.Root>
  );
}
