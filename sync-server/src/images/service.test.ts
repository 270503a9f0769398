import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageUrlOf } from '@shared/ocr-api';
import type { Config } from '../config';
import { inTransaction } from '../db/database';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import type { Deps } from '../deps';
import { imageFile, writeImageFile } from './files';
import { insertImage } from './repo';
import type { ImageRow } from './repo';
import { deleteImages, listOwnImages } from './service';
import { addUsers } from '../db/testData';

let db: Db;
let dataDir: string;
beforeEach(async () => {
  db = await openMemoryDb();
  dataDir = await mkdtemp(path.join(tmpdir(), 'besties-images-'));
  await addUsers(db, ['u', 'v']);
});
afterEach(async () => {
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

const deps = (on: Db = db) =>
  ({ db: on, config: { dataDir } as Config, logger: { error: () => {} } }) as unknown as Deps;

let images = 0;
async function stored(userId: string): Promise<ImageRow> {
  const row: ImageRow = {
    id: `image${String(++images).padStart(17, '0')}`,
    userId,
    format: 'png',
    bytes: 3,
    width: 1,
    height: 1,
    createdAt: images,
  };
  await insertImage(db, row);
  await writeImageFile(imageFile(dataDir, row), Buffer.from('png'));
  return row;
}

describe('deleteImages', () => {
  it('deletes her images among the URLs, rows and files, and never anyone else’s', async () => {
    const hers = await stored('u');
    const theirs = await stored('v');
    await deleteImages(deps(), { userId: 'u', urls: [imageUrlOf(hers.id), imageUrlOf(theirs.id)] });
    expect(await listOwnImages(deps(), { userId: 'u' })).toEqual([]);
    // The files go just after: nothing waits for them.
    await vi.waitFor(() => expect(existsSync(imageFile(dataDir, hers))).toBe(false));
    expect((await listOwnImages(deps(), { userId: 'v' })).map(({ row }) => row)).toEqual([theirs]);
    expect(existsSync(imageFile(dataDir, theirs))).toBe(true);
  });

  it('keeps the files until the delete commits, and keeps everything when it rolls back', async () => {
    const hers = await stored('u');
    const file = imageFile(dataDir, hers);
    await expect(
      inTransaction(db, async (trx) => {
        await deleteImages(deps(trx), { userId: 'u', urls: [imageUrlOf(hers.id)] });
        await setImmediate();
        expect(existsSync(file)).toBe(true);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(file)).toBe(true);
    expect(await listOwnImages(deps(), { userId: 'u' })).toEqual([{ row: hers, file }]);
  });
});
