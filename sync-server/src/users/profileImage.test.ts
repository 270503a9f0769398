import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import { profileImageIdOf, removeProfileImages, writeProfileImage } from './profileImage';
import { addUsers } from '../db/testData';

let dataDir: string;
let deps: { config: Config; db: Db; now: () => number };
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'besties-profile-'));
  const db = await openMemoryDb();
  await addUsers(db, ['ann', 'eve']);
  deps = { config: { dataDir, storageQuotaBytes: 1024 } as Config, db, now: () => 0 };
});
afterEach(async () => {
  await deps.db.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

describe('removeProfileImages', () => {
  it('removes her folder with every file in it, and nobody else’s', async () => {
    await writeProfileImage(deps, { userId: 'ann', bytes: Buffer.from('a') });
    await writeProfileImage(deps, { userId: 'ann', bytes: Buffer.from('b') });
    const eve = await writeProfileImage(deps, { userId: 'eve', bytes: Buffer.from('e') });
    await removeProfileImages(deps, { userId: 'ann' });
    expect(existsSync(path.join(dataDir, 'profile-images', 'ann'))).toBe(false);
    expect(existsSync(eve.file)).toBe(true);
  });

  it('is fine when she never had a picture', async () => {
    await expect(removeProfileImages(deps, { userId: 'nobody' })).resolves.toBeUndefined();
  });

  it('never leaves her folder for an odd user id', async () => {
    const kept = path.join(dataDir, 'profile-images', 'keep.txt');
    await mkdir(path.dirname(kept), { recursive: true });
    await writeFile(kept, 'x');
    for (const userId of ['', '.', '..', '../..', 'a/../..']) {
      await removeProfileImages(deps, { userId });
    }
    expect(existsSync(kept)).toBe(true);
  });
});

describe('profileImageIdOf', () => {
  it('knows our picture URLs only', () => {
    const id = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(profileImageIdOf(`/api/user/profile-image/${id}`)).toBe(id);
    expect(profileImageIdOf(`https://besties.example/api/user/profile-image/${id}`)).toBe(id);
    expect(profileImageIdOf(`/api/images/${id}`)).toBeUndefined();
    expect(profileImageIdOf('/api/user/profile-image/../../etc/passwd')).toBeUndefined();
    expect(profileImageIdOf(null)).toBeUndefined();
  });
});
