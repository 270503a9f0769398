import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/user';
import { clearLocalData } from '../../db/chats';
import { db } from '../../db/db';
import { lastUser } from '../../db/account';
import { Toaster } from '../../components/ui/Toaster';
import { getCurrentUser } from '../../http/auth';
import { useToastStore } from '../../state/useToastStore';
import { updateUser, useUserStore } from '../../state/useUserStore';
import { fakeSyncApi } from '../../sync/api.fake';
import { FakeSyncServer } from '../../sync/server.fake';
import { startSync, syncNow } from '../../sync/runtime';
import { useSyncStore } from '../../sync/useSyncStore';
import { USER } from '../../test-utils';
import { ProfileSection } from './ProfileSection';

vi.mock('../../http/auth', () => ({ getCurrentUser: vi.fn() }));

const PICTURE_URL = '/api/user/profile-image';
const OLD_PICTURE = '/api/user/profile-image/old-1';
const NEW_PICTURE = '/api/user/profile-image/new-2';

let server: FakeSyncServer;
let stopSync: (() => void) | undefined;
/** Answers of the picture calls, set per test; each call is recorded in `pictureCalls`. */
let pictureAnswer: (method: string) => Promise<Response>;
let pictureCalls: string[];

/** She is signed in here and the device syncs with the fake server (as SyncRunner does). */
function signedIn(user: PublicUser = USER) {
  server.user = user;
  useUserStore.setState({ status: 'ready', user });
  stopSync = startSync(user);
}

function renderProfile() {
  useToastStore.setState({ current: null });
  return render(
    <>
      <ProfileSection />
      <Toaster />
    </>,
  );
}

function toastArea() {
  return within(screen.getByRole('region', { name: /notifications/i }));
}

async function waitingMutations() {
  return (await db.outbox.toArray()).map((entry) => entry.mutation);
}

/** A promise the test settles when it wants (a slow network). */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

beforeEach(async () => {
  await clearLocalData();
  server = new FakeSyncServer();
  const { fetchMock } = fakeSyncApi(server);
  pictureCalls = [];
  pictureAnswer = () => Promise.reject(new Error('No picture answer set'));
  const syncApi = fetchMock.getMockImplementation()!;
  // The picture calls beside the fake sync API.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (String(input) === PICTURE_URL) {
        pictureCalls.push(`${method} ${String(input)}`);
        return pictureAnswer(method);
      }
      return syncApi(input, init);
    }),
  );
  vi.mocked(getCurrentUser).mockReset();
  useSyncStore.setState({ status: 'idle', caughtUp: false });
  URL.createObjectURL = vi.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  // Let this test's sync cycle end here: a cycle still running would set the next test's status.
  await syncNow();
  stopSync?.();
  stopSync = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings Profile: the form', () => {
  it('shows her profile with labelled fields, the six age ranges and the location placeholder', () => {
    signedIn({ ...USER, name: 'Ana', metadata: { ageRange: '25-34', location: 'Austin, TX' } });
    renderProfile();
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ana');
    const age = screen.getByLabelText<HTMLSelectElement>('Age Range');
    expect(age.value).toBe('25-34');
    expect([...age.options].map((option) => option.text)).toEqual([
      'Prefer not to say',
      '18-24',
      '25-34',
      '35-44',
      '45-54',
      '55-64',
      '65+',
    ]);
    const location = screen.getByLabelText<HTMLInputElement>('Location');
    expect(location.value).toBe('Austin, TX');
    expect(location.placeholder).toBe('City, State');
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeTruthy();
  });

  it("saves through the outbox, trimmed, and says 'Profile updated' once the server has it", async () => {
    signedIn();
    renderProfile();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), '  Ana  ');
    await user.selectOptions(screen.getByLabelText('Age Range'), '25-34');
    await user.type(screen.getByLabelText('Location'), ' Austin, TX ');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await toastArea().findByText('Your profile has been successfully updated')).toBeTruthy();
    expect(toastArea().getByText('Profile updated')).toBeTruthy();
    const profileChanges = server.received.filter((m) => m.type === 'updateProfile');
    expect(profileChanges).toEqual([
      {
        id: expect.any(String),
        type: 'updateProfile',
        profile: { name: 'Ana', metadata: { ageRange: '25-34', location: 'Austin, TX' } },
      },
    ]);
    expect(await waitingMutations()).toEqual([]);
    const saved = { name: 'Ana', metadata: { ageRange: '25-34', location: 'Austin, TX' } };
    expect(useUserStore.getState().user).toMatchObject(saved);
    expect(await lastUser()).toMatchObject(saved);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ana');
  });

  it("saves a cleared Location and 'Prefer not to say' as not set", async () => {
    signedIn({ ...USER, name: 'Ana', metadata: { ageRange: '18-24', location: 'Austin, TX' } });
    renderProfile();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Location'));
    await user.selectOptions(screen.getByLabelText('Age Range'), 'Prefer not to say');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await toastArea().findByText('Your profile has been successfully updated')).toBeTruthy();
    expect(server.user).toMatchObject({
      name: 'Ana',
      metadata: { ageRange: null, location: null },
    });
  });

  it("toasts 'Error' with the server's words when it refuses, and shows her account as it is", async () => {
    signedIn();
    server.refuseProfileWith = 'That name is not allowed';
    vi.mocked(getCurrentUser).mockResolvedValue(USER);
    renderProfile();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await toastArea().findByText('That name is not allowed')).toBeTruthy();
    expect(toastArea().getByText('Error')).toBeTruthy();
    await waitFor(() => expect(getCurrentUser).toHaveBeenCalled());
    await waitFor(() => expect(useUserStore.getState().user?.name).toBeNull());
    expect(await waitingMutations()).toEqual([]);
    // What she typed is still there to fix and save again.
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ana');
  });

  it("says 'Failed to update profile' when the server refuses without words", async () => {
    signedIn();
    server.refuseProfileWith = '';
    vi.mocked(getCurrentUser).mockResolvedValue(USER);
    renderProfile();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await toastArea().findByText('Failed to update profile')).toBeTruthy();
  });

  it('offline: keeps the change on this device, queued, and says it will sync', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    signedIn();
    renderProfile();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Location'), 'Paris');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(
      await toastArea().findByText("Saved on this device. It will sync when you're back online."),
    ).toBeTruthy();
    expect(toastArea().getByText('Profile updated')).toBeTruthy();
    expect(server.received).toEqual([]);
    expect(await waitingMutations()).toEqual([
      {
        id: expect.any(String),
        type: 'updateProfile',
        profile: { name: null, metadata: { ageRange: null, location: 'Paris' } },
      },
    ]);
    expect(useUserStore.getState().user?.metadata.location).toBe('Paris');
    expect((await lastUser())?.metadata.location).toBe('Paris');
  });

  it('shows what is wrong under the field and queues nothing', async () => {
    signedIn();
    renderProfile();
    const user = userEvent.setup();
    const name = screen.getByLabelText<HTMLInputElement>('Name');
    await user.click(name);
    await user.paste('A'.repeat(61));
    await user.type(screen.getByLabelText('Location'), 'L'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    const nameError = await screen.findByText('Name must be at most 60 characters');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(nameError.id);
    expect(document.activeElement).toBe(name);
    const location = screen.getByLabelText('Location');
    expect(screen.getByText('Location must be at most 100 characters').id).toBe(
      location.getAttribute('aria-describedby'),
    );
    expect(await waitingMutations()).toEqual([]);
    expect(server.received).toEqual([]);

    await user.type(name, '{Backspace}');
    expect(screen.queryByText('Name must be at most 60 characters')).toBeNull();
  });

  it('never overwrites what she is typing when her account changes underneath', async () => {
    signedIn();
    renderProfile();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    act(() =>
      updateUser({ ...USER, name: 'Old name', metadata: { ageRange: null, location: 'Rome' } }),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ana');
    expect(screen.getByLabelText<HTMLInputElement>('Location').value).toBe('Rome');
  });
});

describe('Settings Profile: after a save', () => {
  it('shows her account again in the fields she saved, so a later change (another device) shows too', async () => {
    signedIn();
    renderProfile();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), '  Ana ');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await toastArea().findByText('Your profile has been successfully updated')).toBeTruthy();
    const name = screen.getByLabelText<HTMLInputElement>('Name');
    expect(name.value).toBe('Ana');

    act(() => updateUser({ ...USER, name: 'Bea', metadata: { ageRange: null, location: null } }));
    expect(name.value).toBe('Bea');
  });

  it('keeps a field she has not saved and its error when her account changes, until she edits it', async () => {
    signedIn();
    renderProfile();
    const user = userEvent.setup();
    const location = screen.getByLabelText<HTMLInputElement>('Location');
    await user.click(location);
    await user.paste('L'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Location must be at most 100 characters')).toBeTruthy();
    expect(document.activeElement).toBe(location);

    act(() => updateUser({ ...USER, name: 'Bea', metadata: { ageRange: null, location: 'Rome' } }));
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Bea');
    expect(location.value).toBe('L'.repeat(101));
    expect(screen.getByText('Location must be at most 100 characters')).toBeTruthy();

    await user.type(location, '{Backspace}');
    expect(screen.queryByText('Location must be at most 100 characters')).toBeNull();
  });
});

describe('Settings Profile: her picture', () => {
  const pngNamed = (name: string, type = 'image/png') => new File(['png'], name, { type });

  function pictureInput() {
    return screen.getByLabelText<HTMLInputElement>('Choose a profile picture');
  }

  it('offers a picker for JPG, PNG and WebP, and her initial with no picture', () => {
    signedIn({ ...USER, name: 'Ana' });
    renderProfile();
    expect(pictureInput().accept).toBe('.jpg,.jpeg,.png,.webp');
    expect(screen.getByRole('img', { name: 'Your profile picture' }).textContent).toBe('A');
    expect(screen.getByRole('button', { name: 'Upload picture' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove picture' })).toBeNull();
  });

  it("refuses a file that is not JPG, PNG or WebP: 'Invalid file type', nothing sent", async () => {
    signedIn();
    renderProfile();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(pictureInput(), pngNamed('me.gif', 'image/gif'));
    expect(await toastArea().findByText('Invalid file type')).toBeTruthy();
    expect(toastArea().getByText('Please upload a JPG, PNG, or WebP image.')).toBeTruthy();
    expect(pictureCalls).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it("refuses a picture of 5 MB or more that cannot be read: 'File too large', nothing sent", async () => {
    signedIn();
    renderProfile();
    const big = pngNamed('me.png');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 });
    await userEvent.setup().upload(pictureInput(), big);
    expect(await toastArea().findByText('File too large')).toBeTruthy();
    expect(toastArea().getByText('Image size should be less than 5MB.')).toBeTruthy();
    expect(pictureCalls).toEqual([]);
  });

  it('shows the chosen picture at once while it uploads, then her new picture', async () => {
    signedIn();
    const answer = deferred<Response>();
    pictureAnswer = () => answer.promise;
    renderProfile();
    await userEvent.setup().upload(pictureInput(), pngNamed('me.png'));

    const picture = screen.getByRole('img', { name: 'Your profile picture' });
    expect(picture.getAttribute('src')).toBe('blob:preview-1');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Uploading...' });
    expect(button.disabled).toBe(true);
    expect(button.closest('[aria-busy="true"]')).not.toBeNull();
    expect(pictureCalls).toEqual(['POST /api/user/profile-image']);

    const user = { ...USER, profileImage: NEW_PICTURE };
    answer.resolve(Response.json({ imageUrl: NEW_PICTURE, user }));
    expect(await toastArea().findByText('Profile picture updated')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe(
      NEW_PICTURE,
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(useUserStore.getState().user?.profileImage).toBe(NEW_PICTURE);
    expect((await lastUser())?.profileImage).toBe(NEW_PICTURE);
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeTruthy();
  });

  it("puts her previous picture back when the upload fails, with the server's words", async () => {
    signedIn({ ...USER, profileImage: OLD_PICTURE });
    const answer = deferred<Response>();
    pictureAnswer = () => answer.promise;
    renderProfile();
    await userEvent.setup().upload(pictureInput(), pngNamed('fake.png'));
    expect(screen.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe(
      'blob:preview-1',
    );

    answer.resolve(
      Response.json(
        { message: 'Please upload a JPG, PNG, or WebP image.', code: 'invalid_image' },
        { status: 400 },
      ),
    );
    expect(await toastArea().findByText('Upload failed')).toBeTruthy();
    expect(toastArea().getByText('Please upload a JPG, PNG, or WebP image.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe(
      OLD_PICTURE,
    );
    expect(useUserStore.getState().user?.profileImage).toBe(OLD_PICTURE);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Change picture' }).disabled).toBe(
      false,
    );
  });

  it("says 'Failed to upload image. Please try again.' when the upload fails without words", async () => {
    signedIn();
    pictureAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    renderProfile();
    await userEvent.setup().upload(pictureInput(), pngNamed('me.png'));
    expect(await toastArea().findByText('Failed to upload image. Please try again.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your profile picture' }).tagName).toBe('SPAN');
  });

  it("removes her picture: 'Profile picture removed' and her initial instead", async () => {
    signedIn({ ...USER, profileImage: OLD_PICTURE });
    pictureAnswer = async (method) =>
      method === 'DELETE'
        ? Response.json({ ok: true, user: { ...USER, profileImage: null } })
        : Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 });
    renderProfile();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await toastArea().findByText('Profile picture removed')).toBeTruthy();
    expect(pictureCalls).toEqual(['DELETE /api/user/profile-image']);
    expect(screen.getByRole('img', { name: 'Your profile picture' }).textContent).toBe('C');
    expect(screen.queryByRole('button', { name: 'Remove picture' })).toBeNull();
    expect(useUserStore.getState().user?.profileImage).toBeNull();
  });

  it("says 'Error removing image' when removing fails, and keeps her picture", async () => {
    signedIn({ ...USER, profileImage: OLD_PICTURE });
    pictureAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    renderProfile();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await toastArea().findByText('Error removing image')).toBeTruthy();
    expect(toastArea().getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe(
      OLD_PICTURE,
    );
  });

  it('offline: the picture buttons are off and say it needs a connection', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    signedIn({ ...USER, profileImage: OLD_PICTURE });
    renderProfile();
    const change = screen.getByRole<HTMLButtonElement>('button', { name: 'Change picture' });
    await waitFor(() => expect(change.disabled).toBe(true));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove picture' }).disabled).toBe(
      true,
    );
    const hint = document.getElementById(change.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe("You're offline. Changing your picture needs a connection.");
  });
});
