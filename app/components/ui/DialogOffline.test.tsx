import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it, vi } from 'vitest';
import { Dialog, DialogContent } from './Dialog';

// Offline in the first seconds of a first visit: the dialogs' Radix side cannot be fetched.
vi.mock('./dialogParts', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

function Help({ critical }: { critical: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <button type="button" onClick={() => setOpen(true)}>
        {critical ? 'Get help now' : 'Upgrade'}
      </button>
      <DialogContent title={critical ? 'Get help now' : 'Upgrade'} critical={critical}>
        <a href="tel:988">Call 988</a>
      </DialogContent>
    </Dialog>
  );
}

it('opens crisis help all the same, as the browser’s own dialog, and gives focus back on close', async () => {
  const user = userEvent.setup();
  render(<Help critical />);
  const opener = screen.getByRole('button', { name: 'Get help now' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Get help now' });
  expect(dialog.tagName).toBe('DIALOG');
  expect((dialog as HTMLDialogElement).open).toBe(true);
  expect(screen.getByRole('link', { name: 'Call 988' }).getAttribute('href')).toBe('tel:988');
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(opener);
});

it('leaves an ordinary dialog to its Radix side (it opens once that comes)', async () => {
  const user = userEvent.setup();
  render(<Help critical={false} />);
  await user.click(screen.getByRole('button', { name: 'Upgrade' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});
