import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteAccountMessages } from '@shared/account';
import { RequireUser } from '../../components/RequireUser';
import { Toaster } from '../../components/ui/Toaster';
import { clearLocalData } from '../../db/chats';
import { db } from '../../db/db';
import { saveDraft } from '../../db/drafts';
import { givenUnsentWork } from '../../db/testData';
import { useToastStore } from '../../state/useToastStore';
import { useUserStore } from '../../state/useUserStore';
import { givenUser, USER } from '../../test-utils';
import { DataSection } from './DataSection';
import { fakeAccountApi, offline, type Route } from './accountApi.fake';

/** What the browser was asked to save: the anchor's file name and the Blob behind its URL. */
let saved: Array<{ fileName: string; blob: Blob }>;

beforeEach(async () => {
  await clearLocalData();
  givenUser(USER);
  useToastStore.setState({ current: null });
  saved = [];
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs: remember each Blob under a made-up one.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ fileName: this.download, blob: blobs.get(this.href) ?? new Blob() });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The section on a guarded page, as on /settings, with a home page to land on. */
function renderSection() {
  const router = createMemoryRouter(
    [
      {
        path: '/settings',
        element: (
          <RequireUser>
            <DataSection />
          </RequireUser>
        ),
      },
      { path: '/', element: <p>Home page</p> },
      { path: '/auth', element: <p>Log in page</p> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { location: () => router.state.location.pathname };
}

/** The toast area; a modal dialog hides the page (toasts too) from the accessibility tree. */
const toastArea = () =>
  within(screen.getByRole('region', { name: /notifications/i, hidden: true }));

/** An empty zip: its end-of-central-directory record alone. */
const ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

describe("'Download my data'", () => {
  it("saves the server's zip under the server's file name", async () => {
    const api = fakeAccountApi({
      'GET /api/user/export': () =>
        new Response(ZIP, {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="besties-export-2026-11-20.zip"',
          },
        }),
    });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.calls()).toEqual(['GET /api/user/export?format=zip']);
    expect(saved[0]?.fileName).toBe('besties-export-2026-11-20.zip');
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(ZIP);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeTruthy();
  });

  it('names the file for today when the server gives no name', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    try {
      fakeAccountApi({ 'GET /api/user/export': () => new Response(ZIP) });
      renderSection();
      await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(saved[0]?.fileName).toBe('besties-export-2026-11-26.zip'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('is busy while the file is prepared', async () => {
    let answer: (response: Response) => void = () => {};
    fakeAccountApi({
      'GET /api/user/export': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    const busy = await screen.findByRole<HTMLButtonElement>('button', {
      name: 'Preparing your data...',
    });
    expect(busy.disabled).toBe(true);
    answer(new Response(ZIP));
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeTruthy();
  });

  it("toasts 'Download failed' when it cannot be had, and saves nothing", async () => {
    fakeAccountApi({ 'GET /api/user/export': offline });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await toastArea().findByText('Download failed')).toBeTruthy();
    expect(toastArea().getByText(/You're offline/)).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});

async function openDeleteDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return { user, dialog: within(dialog) };
}

const deleteButton = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;

function deleteRoute(route: Route) {
  return fakeAccountApi({ 'DELETE /api/user': route });
}

describe("'Delete my account'", () => {
  it('says what is erased and what is kept, and puts her in the password field', async () => {
    deleteRoute(() => Response.json({ ok: true }));
    renderSection();
    const { dialog } = await openDeleteDialog();
    expect(dialog.getByText(/cannot be undone/)).toBeTruthy();
    for (const erased of [/chats and every message/, /screenshots/, /profile/, /Every device/]) {
      expect(dialog.getByText(erased)).toBeTruthy();
    }
    expect(
      dialog.getByText(/Purchase records are kept, as the law requires, without your chats/),
    ).toBeTruthy();
    const password = dialog.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(document.activeElement).toBe(password);
  });

  it('keeps the Delete button disabled until a password is typed and the word is exactly DELETE', async () => {
    deleteRoute(() => Response.json({ ok: true }));
    renderSection();
    const { user, dialog } = await openDeleteDialog();
    expect(deleteButton(dialog).disabled).toBe(true);
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'delete');
    await user.type(dialog.getByLabelText('Password'), 'secret1');
    expect(deleteButton(dialog).disabled).toBe(true);
    await user.clear(dialog.getByLabelText('Type DELETE to confirm'));
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(deleteButton(dialog).disabled).toBe(false);
    await user.clear(dialog.getByLabelText('Password'));
    expect(deleteButton(dialog).disabled).toBe(true);
  });

  it("shows the server's words under the password when it is wrong, and keeps what she typed", async () => {
    const api = deleteRoute(() =>
      Response.json(
        { message: deleteAccountMessages.wrongPassword, code: 'wrong_password' },
        { status: 403 },
      ),
    );
    await saveDraft('c1', 'half a thought');
    const { location } = renderSection();
    const { user, dialog } = await openDeleteDialog();
    await user.type(dialog.getByLabelText('Password'), 'not-it');
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(deleteButton(dialog));

    const error = await dialog.findByText('That password is not right');
    const password = dialog.getByLabelText<HTMLInputElement>('Password');
    expect(password.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(password);
    expect(password.value).toBe('not-it');
    expect(dialog.getByLabelText<HTMLInputElement>('Type DELETE to confirm').value).toBe('DELETE');
    expect(api.bodyOf('DELETE /api/user')).toEqual({ password: 'not-it', confirm: 'DELETE' });
    expect(location()).toBe('/settings');
    expect(useUserStore.getState().user).not.toBeNull();
    expect(await db.drafts.count()).toBe(1);
  });

  it.each([
    [
      'too many tries',
      () =>
        Response.json(
          { message: 'Too many attempts. Try again in 15 minutes.', code: 'too_many_requests' },
          { status: 429 },
        ),
      'Too many attempts. Try again in 15 minutes.',
    ],
    ['no network', offline, "You're offline. Connect to the internet to delete your account."],
    [
      'a server error',
      () => Response.json({ message: 'Internal error', code: 'internal_error' }, { status: 500 }),
      deleteAccountMessages.failed.description,
    ],
  ])('says so in the dialog on %s, and keeps her signed in', async (_case, route, words) => {
    deleteRoute(route);
    const { location } = renderSection();
    const { user, dialog } = await openDeleteDialog();
    await user.type(dialog.getByLabelText('Password'), 'secret1');
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(deleteButton(dialog));
    expect(await dialog.findByText(words)).toBeTruthy();
    expect(deleteButton(dialog).disabled).toBe(false);
    expect(location()).toBe('/settings');
    expect(useUserStore.getState().user).not.toBeNull();
  });

  it('erases the device, signs her out and lands on the home page with the toast', async () => {
    const api = deleteRoute(() => Response.json({ ok: true }));
    await givenUnsentWork();
    const { location } = renderSection();
    const { user, dialog } = await openDeleteDialog();
    await user.type(dialog.getByLabelText('Password'), 'secret1');
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(deleteButton(dialog));

    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.getByText('Home page')).toBeTruthy();
    expect(useUserStore.getState().user).toBeNull();
    expect(toastArea().getByText(deleteAccountMessages.deleted.title)).toBeTruthy();
    expect(toastArea().getByText(deleteAccountMessages.deleted.description)).toBeTruthy();
    expect(api.bodyOf('DELETE /api/user')).toEqual({ password: 'secret1', confirm: 'DELETE' });
    await waitFor(async () => {
      const counts = await Promise.all(db.tables.map((table) => table.count()));
      expect(counts.every((count) => count === 0)).toBe(true);
    });
  });

  it('closes on Cancel, gives the focus back to its button, and opens empty again', async () => {
    const api = deleteRoute(() => Response.json({ ok: true }));
    renderSection();
    const { user, dialog } = await openDeleteDialog();
    await user.type(dialog.getByLabelText('Password'), 'secret1');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete my account' }));
    expect(api.calls()).toEqual([]);
    const again = await openDeleteDialog();
    expect(again.dialog.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  });
});
