import { useState } from 'react';
import { Dialog, DialogContent } from '../../components/ui/Dialog';
import { HelpCard } from './HelpCard';

/** Keeps crisis help one tap away in a chat that held a crisis, wherever she has scrolled. */
export function HelpButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <button type="button" className="btn help-button" onClick={() => setOpen(true)}>
        Get help now
      </button>
      {/* Offline before the app is cached, it still opens (as the browser's own dialog). */}
      <DialogContent title="Get help now" className="help-dialog" critical>
        <HelpCard />
      </DialogContent>
    </Dialog>
  );
}
