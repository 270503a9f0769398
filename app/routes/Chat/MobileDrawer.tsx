import type { ReactNode } from 'react';
import { Dialog, DrawerContent } from '../../components/ui/Dialog';

interface MobileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/** The sidebar as a slide-in drawer under 768 px: a modal with its focus trap and Escape. */
export function MobileDrawer({ open, onOpenChange, children }: MobileDrawerProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DrawerContent>{children}</DrawerContent>
    </Dialog>
  );
}
