import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_FIELD } from '@shared/account';
import type { Mutation } from '@shared/sync';
import { signedInClient } from './fakes/besties';
import { getBytes, pixelBombPng, postImage } from './fakes/ocr';
import type { Upload } from './fakes/ocr';
import { push } from './fakes/sync';
import type { Answer, Client, TestServer } from './harness';
import { startTestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const PICTURE = '/api/user/profile-image';
const INVALID_TYPE = {
  message: 'Please upload a JPG, PNG, or WebP image.',
  code: 'invalid_file_type',
};

const INVALID_PICTURE = {
  message:
    "profileImage can only be your current picture's URL or null; upload a new picture through /api/user/profile-image",
  code: 'invalid_profile_image',
};

const patch = (client: Client, id: string, json: unknown) =>
  client.request('PATCH', `/api/users/${id}`, { json });

const me = async (client: Client) => (await client.get('/api/user')).body;

/** POST /api/user/profile-image with one file in the profileImage field. */
const postPicture = (client: Client, upload: Upload): Promise<Answer> =>
  postImage(client, PICTURE, {
    filename: 'avatar.png',
    ...upload,
    field: PROFILE_IMAGE_FIELD,
  });

const photo = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#e91e63' } });

const storedFiles = (userId: string) => {
  const dir = path.join(server.dataDir, 'profile-images', userId);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('PATCH /api/users/{id}', () => {
  it('refuses a visitor with 401', async () => {
    const { userId } = await signedInClient(server, 'visited');
    const answer = await patch(server.client(), userId, { name: 'Eve' });
    expect(answer.status).toBe(401);
  });

  it("refuses another user's id with 403 and leaves her row as it was", async () => {
    const ann = await signedInClient(server, 'ann');
    await patch(ann.client, ann.userId, { name: 'Ann' });
    const before = await me(ann.client);
    const eve = await signedInClient(server, 'eve');
    const answer = await patch(eve.client, ann.userId, { name: 'Hacked', theme: 'dark' });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      message: 'You can only change your own profile',
      code: 'forbidden',
    });
    expect(await me(ann.client)).toEqual(before);
    expect(before.name).toBe('Ann');
  });

  it.each([
    ['an age range not in the six', { metadata: { ageRange: '12-17' } }, 'metadata.ageRange'],
    ['a 61-character name', { name: 'a'.repeat(61) }, 'name'],
    ['a control character', { name: 'Ann\u0000' }, 'name'],
    ['a newline in the location', { metadata: { location: 'Austin\nTX' } }, 'metadata.location'],
    ['an unknown field', { name: 'Ann', isAdmin: true }, undefined],
  ])('refuses %s with 400 and changes nothing', async (_case, body, field) => {
    const { client, userId } = await signedInClient(server, 'invalid');
    await patch(client, userId, { name: 'Before', metadata: { location: 'Austin, TX' } });
    const before = await me(client);
    const answer = await patch(client, userId, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_error');
    if (field) expect(Object.keys(answer.body.fields)).toContain(field);
    expect(await me(client)).toEqual(before);
  });

  it('names the rule in its message (a 61-character name)', async () => {
    const { client, userId } = await signedInClient(server, 'long');
    const answer = await patch(client, userId, { name: 'a'.repeat(61) });
    expect(answer.body.message).toBe('Name must be at most 60 characters');
  });

  it('refuses a picture set to some URL with 400 invalid_profile_image', async () => {
    const { client, userId } = await signedInClient(server, 'url');
    const before = await me(client);
    const answer = await patch(client, userId, {
      name: 'Ann',
      profileImage: 'https://evil.example/x.png',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(INVALID_PICTURE);
    expect(await me(client)).toEqual(before);
  });

  it('changes the fields sent, answers the PublicUser, and GET /api/user shows it', async () => {
    const { client, userId, email } = await signedInClient(server, 'valid');
    const answer = await patch(client, userId, {
      name: '  Ann  ',
      metadata: { ageRange: '25-34', location: 'Austin, TX' },
      theme: 'dark',
    });
    expect(answer.status).toBe(200);
    const expected = {
      id: userId,
      email,
      name: 'Ann',
      profileImage: null,
      subscriptionTier: 'free',
      subscriptionEndsAt: null,
      metadata: { ageRange: '25-34', location: 'Austin, TX' },
      theme: 'dark',
    };
    expect(answer.body).toEqual(expected);
    expect(await me(client)).toEqual(expected);

    // Only what is sent changes; '' clears a text field.
    const second = await patch(client, userId, { metadata: { location: '' } });
    expect(second.body).toEqual({ ...expected, metadata: { ageRange: '25-34', location: null } });
  });

  it('takes metadata.age as the short name of metadata.ageRange', async () => {
    const { client, userId } = await signedInClient(server, 'age');
    const answer = await patch(client, userId, { metadata: { age: '45-54' } });
    expect(answer.status).toBe(200);
    expect(answer.body.metadata.ageRange).toBe('45-54');
    expect((await me(client)).metadata.ageRange).toBe('45-54');
  });

  it('keeps her theme on the account: a new device gets it in the login answer', async () => {
    const { client, userId, email } = await signedInClient(server, 'theme');
    expect((await me(client)).theme).toBeNull();
    await patch(client, userId, { theme: 'light' });
    const phone = server.client();
    const login = await phone.post('/api/login', { email, password: 'bestie-pass' });
    expect(login.status).toBe(200);
    expect(login.body.theme).toBe('light');
  });
});

describe('the updateProfile sync mutation', () => {
  const updateProfile = (profile: Record<string, unknown>): Mutation =>
    ({ id: randomUUID(), type: 'updateProfile', profile }) as Mutation;

  it('is applied, answers her account, and a replay answers the same', async () => {
    const { client } = await signedInClient(server, 'sync');
    const mutation = updateProfile({ name: 'Offline Ann', theme: 'dark' });
    const first = await push(client, [mutation]);
    expect(first.status).toBe(200);
    const [result] = first.body.results;
    expect(result.status).toBe('applied');
    expect(result.rows).toEqual({ chats: [], messages: [], tombstones: [] });
    expect(result.user).toMatchObject({ name: 'Offline Ann', theme: 'dark' });
    expect(await me(client)).toEqual(result.user);

    const replay = await push(client, [mutation]);
    expect(replay.body.results).toEqual(first.body.results);
  });

  it('rejects a picture set to some URL, changes nothing, and a replay stays rejected', async () => {
    const { client } = await signedInClient(server, 'sync-bad');
    const before = await me(client);
    const mutation = updateProfile({ name: 'X', profileImage: '/api/images/abc' });
    const answer = await push(client, [mutation]);
    const [result] = answer.body.results;
    expect(result.status).toBe('rejected');
    expect(result.error).toMatchObject({ status: 400, code: 'invalid_profile_image' });
    expect(result.user).toBeUndefined();
    expect(await me(client)).toEqual(before);
    expect((await push(client, [mutation])).body.results).toEqual(answer.body.results);
  });
});

describe('the profile picture', () => {
  it("refuses a 6 MB file with 413 'Image size should be less than 5MB.'", async () => {
    const { client, userId } = await signedInClient(server, 'big');
    const jpeg = await photo(32, 32).jpeg().toBuffer();
    const bytes = Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024 - jpeg.length)]);
    const answer = await postPicture(client, { bytes, filename: 'me.jpg', type: 'image/jpeg' });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      message: 'Image size should be less than 5MB.',
      code: 'file_too_large',
    });
    expect((await me(client)).profileImage).toBeNull();
    expect(storedFiles(userId)).toEqual([]);
  });

  it.each([
    [
      'an SVG named avatar.png with type image/png',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    ],
    ['an HTML file named .png', '<!doctype html><html><script>alert(1)</script></html>'],
  ])('refuses %s with 400 and its words', async (_case, text) => {
    const { client, userId } = await signedInClient(server, 'svg');
    const answer = await postPicture(client, { bytes: text, filename: 'avatar.png' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(INVALID_TYPE);
    expect((await me(client)).profileImage).toBeNull();
    expect(storedFiles(userId)).toEqual([]);
  });

  it('refuses a GIF (only JPEG, PNG and WebP)', async () => {
    const { client } = await signedInClient(server, 'gif');
    const gif = await photo(20, 20).gif().toBuffer();
    const answer = await postPicture(client, { bytes: gif, filename: 'a.gif', type: 'image/gif' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(INVALID_TYPE);
  });

  it('refuses an image of too many pixels (a PNG header claiming 20000×20000) with 400', async () => {
    const { client, userId } = await signedInClient(server, 'bomb');
    const answer = await postPicture(client, { bytes: pixelBombPng(20_000, 20_000) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'That image is too big to use. Please pick a smaller one.',
      code: 'too_many_pixels',
    });
    expect((await me(client)).profileImage).toBeNull();
    expect(storedFiles(userId)).toEqual([]);
  });

  it('refuses a visitor with 401', async () => {
    const answer = await postPicture(server.client(), { bytes: await photo().webp().toBuffer() });
    expect(answer.status).toBe(401);
  });

  it('turns a valid WebP into her 256×256 WebP thumbnail, served to her only', async () => {
    const { client, userId } = await signedInClient(server, 'webp');
    const answer = await postPicture(client, {
      bytes: await photo(800, 400).webp().toBuffer(),
      filename: 'me.webp',
      type: 'image/webp',
    });
    expect(answer.status).toBe(200);
    const { imageUrl, user } = answer.body;
    expect(imageUrl).toMatch(/^\/api\/user\/profile-image\/[A-Za-z0-9_-]{22}$/);
    expect(user.profileImage).toBe(imageUrl);
    expect((await me(client)).profileImage).toBe(imageUrl);

    const served = await getBytes(client, imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(served.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const meta = await sharp(served.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const files = storedFiles(userId);
    expect(files).toEqual([`${imageUrl.split('/').pop()}.webp`]);
    const file = path.join(server.dataDir, 'profile-images', userId, files[0] ?? '');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);

    // Her current URL sent back in a PATCH changes nothing.
    const same = await patch(client, userId, { name: 'Ann', profileImage: imageUrl });
    expect(same.status).toBe(200);
    expect(same.body.profileImage).toBe(imageUrl);

    const eve = await signedInClient(server, 'eve-looks');
    expect((await getBytes(eve.client, imageUrl)).status).toBe(404);
    expect((await getBytes(server.client(), imageUrl)).status).toBe(401);
    expect((await getBytes(client, `${PICTURE}/..%2F..%2Fetc`)).status).toBe(404);
    expect((await getBytes(client, `${PICTURE}/${'A'.repeat(22)}`)).status).toBe(404);
  });

  it('leaves the EXIF of a JPEG behind and applies its orientation', async () => {
    const { client } = await signedInClient(server, 'exif');
    // Stored 400×200, red on top, blue below, with orientation 6 (turn 90° clockwise): shown
    // 200×400 with blue on the left and red on the right.
    const red = await sharp({
      create: { width: 400, height: 100, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const jpeg = await sharp({
      create: { width: 400, height: 200, channels: 3, background: '#0000ff' },
    })
      .composite([{ input: red, top: 0, left: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'Ann', Copyright: 'GPS here' } } })
      .toBuffer();
    const uploaded = await sharp(jpeg).metadata();
    expect(uploaded.exif).toBeDefined();
    const answer = await postPicture(client, {
      bytes: jpeg,
      filename: 'me.jpg',
      type: 'image/jpeg',
    });
    expect(answer.status).toBe(200);
    const served = await getBytes(client, answer.body.imageUrl);
    const meta = await sharp(served.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.bytes.includes(Buffer.from('Ann'))).toBe(false);
    const { data, info } = await sharp(served.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
    };
    const [leftRed = 0, , leftBlue = 0] = pixel(20, 128);
    const [rightRed = 0, , rightBlue = 0] = pixel(235, 128);
    expect(leftBlue).toBeGreaterThan(200);
    expect(leftRed).toBeLessThan(60);
    expect(rightRed).toBeGreaterThan(200);
    expect(rightBlue).toBeLessThan(60);
  });

  it('removes the old file when she replaces it; the old URL is 404', async () => {
    const { client, userId } = await signedInClient(server, 'replace');
    const first = await postPicture(client, { bytes: await photo().png().toBuffer() });
    const second = await postPicture(client, {
      bytes: await photo(300, 300).jpeg().toBuffer(),
      type: 'image/jpeg',
    });
    expect(second.status).toBe(200);
    expect(second.body.imageUrl).not.toBe(first.body.imageUrl);
    expect(storedFiles(userId)).toEqual([`${second.body.imageUrl.split('/').pop()}.webp`]);
    expect((await getBytes(client, first.body.imageUrl)).status).toBe(404);
    expect((await getBytes(client, second.body.imageUrl)).status).toBe(200);
  });

  it('keeps her picture when a later upload is refused', async () => {
    const { client } = await signedInClient(server, 'keep');
    const first = await postPicture(client, { bytes: await photo().png().toBuffer() });
    const refused = await postPicture(client, { bytes: '<svg/>' });
    expect(refused.status).toBe(400);
    expect((await me(client)).profileImage).toBe(first.body.imageUrl);
    expect((await getBytes(client, first.body.imageUrl)).status).toBe(200);
  });

  it('DELETE removes the file and sets null (also fine when she has none)', async () => {
    const { client, userId } = await signedInClient(server, 'delete');
    const none = await client.request('DELETE', PICTURE);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ ok: true, user: { profileImage: null } });

    const uploaded = await postPicture(client, { bytes: await photo().png().toBuffer() });
    expect(storedFiles(userId)).toHaveLength(1);
    const answer = await client.request('DELETE', PICTURE);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, user: await me(client) });
    expect(answer.body.user.profileImage).toBeNull();
    expect(storedFiles(userId)).toEqual([]);
    expect((await getBytes(client, uploaded.body.imageUrl)).status).toBe(404);
    expect((await server.client().request('DELETE', PICTURE)).status).toBe(401);
  });

  it("PATCH takes back her picture's URL as the server gave it or made absolute, and changes the rest", async () => {
    const { client, userId } = await signedInClient(server, 'patch-url');
    const { imageUrl } = (await postPicture(client, { bytes: await photo().png().toBuffer() }))
      .body;
    expect((await me(client)).profileImage).toBe(imageUrl);
    const absolute = `${server.config.publicUrl}${imageUrl}`;
    for (const [sent, name] of [
      [imageUrl, 'Ann'],
      [absolute, 'Annie'],
    ] as const) {
      const answer = await patch(client, userId, {
        name,
        profileImage: sent,
        metadata: { age: '25-34', location: 'Austin, TX' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        name,
        profileImage: imageUrl,
        metadata: { ageRange: '25-34', location: 'Austin, TX' },
      });
      expect(await me(client)).toEqual(answer.body);
    }
    expect((await getBytes(client, imageUrl)).status).toBe(200);
    expect(storedFiles(userId)).toHaveLength(1);
  });

  it("PATCH refuses another user's picture, an outside URL or a malformed value: 400, nothing changes", async () => {
    const { client, userId } = await signedInClient(server, 'patch-bad-url');
    const { imageUrl } = (await postPicture(client, { bytes: await photo().png().toBuffer() }))
      .body;
    await patch(client, userId, { name: 'Ann' });
    const eve = await signedInClient(server, 'patch-eve');
    const evePicture = await postPicture(eve.client, { bytes: await photo().png().toBuffer() });
    const before = await me(client);
    for (const sent of [
      evePicture.body.imageUrl,
      `${server.config.publicUrl}${evePicture.body.imageUrl}`,
      `https://evil.example${imageUrl}`,
      'https://evil.example/x.png',
      `${imageUrl}?v=2`,
      `//evil.example${imageUrl}`,
      'not a url',
      '',
    ]) {
      const answer = await patch(client, userId, { name: 'Changed', profileImage: sent });
      expect(answer.status, sent).toBe(400);
      expect(answer.body).toEqual(INVALID_PICTURE);
    }
    const notAString = await patch(client, userId, { name: 'Changed', profileImage: 42 });
    expect(notAString.status).toBe(400);
    expect(notAString.body.fields).toHaveProperty('profileImage');
    expect(await me(client)).toEqual(before);
    expect((await me(eve.client)).profileImage).toBe(evePicture.body.imageUrl);
  });

  it('PATCH with profileImage null removes it as DELETE does', async () => {
    const { client, userId } = await signedInClient(server, 'patch-null');
    await postPicture(client, { bytes: await photo().png().toBuffer() });
    const answer = await patch(client, userId, { profileImage: null });
    expect(answer.body.profileImage).toBeNull();
    expect(storedFiles(userId)).toEqual([]);
  });
});

describe('picture uploads are rate limited per user', () => {
  it('answers 429 after 30 uploads in an hour, and only to her', async () => {
    const { client } = await signedInClient(server, 'many');
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await postPicture(client, { bytes: '<svg/>' })).status).toBe(400);
    }
    const limited = await postPicture(client, { bytes: await photo().png().toBuffer() });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await me(client)).profileImage).toBeNull();

    const other = await signedInClient(server, 'other');
    expect(
      (await postPicture(other.client, { bytes: await photo().png().toBuffer() })).status,
    ).toBe(200);
  });
});
