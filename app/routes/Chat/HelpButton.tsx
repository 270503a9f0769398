import { useState } from 'react';
import type { HelpSituation } from '@shared/safety/resources';
import { Dialog, DialogContent } from '../../components/ui/Dialog';
import { HelpCard } from './HelpCard';

/**
 * Keeps crisis help one tap away in every chat, signed in or not, crisis or not, wherever she
 * has scrolled. `situation`: which help comes first (the chat's newest crisis, else support).
 */
export function HelpButton({ situation = 'support' }: { situation?: HelpSituation }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <button type="button" className="btn help-button" onClick={() => setOpen(true)}>
        Get help now
      </button>
      {/* Offline before the app is cached, it still opens (as the browser's own dialog). */}
      <DialogContent title="Get help now" className="help-dialog" critical>
        <HelpCard situation={situation} />
      </DialogContent>
    </Dialog>
  );
}
