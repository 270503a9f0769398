import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogClose, DialogContent } from './Dialog';

/** A dialog opened from state (a plain button, no Radix trigger), as most of ours are. */
function OpenedFromState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Get help now
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Get help now">
          <a href="tel:988">Call 988</a>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A dialog opened from inside another dialog that closes as it opens (drawer to picker). */
function OpenedFromAClosingDialog() {
  const [drawer, setDrawer] = useState(false);
  const [picker, setPicker] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setDrawer(true)}>
        Open menu
      </button>
      <Dialog open={drawer} onOpenChange={setDrawer}>
        <DialogContent title="Menu">
          <button
            type="button"
            onClick={() => {
              setDrawer(false);
              setPicker(true);
            }}
          >
            New Chat
          </button>
        </DialogContent>
      </Dialog>
      <Dialog open={picker} onOpenChange={setPicker}>
        <DialogContent title="Choose Your Bestie">
          <button type="button">Cassie</button>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Radix gives focus back a tick after the dialog unmounts. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

describe('a dialog before its Radix side has loaded (not in the first load)', () => {
  // First in this file: nothing has loaded the dialogs' parts yet.
  it('draws what sits beside it at once, and opens the moment it is asked, focus inside', async () => {
    const user = userEvent.setup();
    function HelpButton() {
      const [open, setOpen] = useState(false);
      return (
        <Dialog open={open} onOpenChange={setOpen}>
          <button type="button" onClick={() => setOpen(true)}>
            Get help now
          </button>
          <DialogContent title="Get help now">
            <DialogClose>Done</DialogClose>
          </DialogContent>
        </Dialog>
      );
    }
    render(<HelpButton />);
    // The same frame: the button that opens it is no part of the dialog that loads later.
    const opener = screen.getByRole('button', { name: 'Get help now' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Get help now' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('DialogContent', () => {
  it('gives focus back to the button that opened it, though it is no Radix trigger', async () => {
    const user = userEvent.setup();
    render(<OpenedFromState />);
    const opener = screen.getByRole('button', { name: 'Get help now' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Get help now' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus back to what opened the dialog it was opened from, when that one closed', async () => {
    const user = userEvent.setup();
    render(<OpenedFromAClosingDialog />);
    const menu = screen.getByRole('button', { name: 'Open menu' });
    menu.focus();
    await user.keyboard('{Enter}');
    const newChat = await screen.findByRole('button', { name: 'New Chat' });
    await waitFor(() => expect(document.activeElement).toBe(newChat));
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Choose Your Bestie' });
    await settle();
    await user.keyboard('{Escape}');
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menu);
  });
});
