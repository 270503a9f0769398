import { describe, expect, it, vi } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES } from '@shared/account';
import { profileImageProblem } from '../../http/users';
import { shrinkPicture, shrunkSize, type DecodedPicture, type ShrinkDeps } from './shrinkPicture';

const MB = 1024 * 1024;

/** A file that says it is this large (jsdom keeps the bytes; a real 10 MB is not needed). */
function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function blobOf(type: string, size: number): Blob {
  const blob = new Blob(['x'], { type });
  Object.defineProperty(blob, 'size', { value: size });
  return blob;
}

/** A 4032 x 3024 phone photo decoded, and an encoder answering with `encoded` in turn. */
function fakeBrowser(encoded: (type: string, quality: number) => Blob | null) {
  const close = vi.fn();
  const picture: DecodedPicture = { width: 4032, height: 3024, source: {} as ImageBitmap, close };
  const deps = {
    decode: vi.fn<ShrinkDeps['decode']>(() => Promise.resolve(picture)),
    encode: vi.fn<ShrinkDeps['encode']>((_picture, _size, type, quality) =>
      Promise.resolve(encoded(type, quality)),
    ),
  };
  return { deps, close };
}

describe('a profile picture shrunk on her device before upload', () => {
  it('scales the longest side to 1024 px, keeping its shape, and never enlarges', () => {
    expect(shrunkSize(4032, 3024)).toEqual({ width: 1024, height: 768 });
    expect(shrunkSize(3024, 4032)).toEqual({ width: 768, height: 1024 });
    expect(shrunkSize(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('turns a 10.5 MB phone photo into a WebP under 5 MB that passes the spec’s checks', async () => {
    const { deps, close } = fakeBrowser((type) => blobOf(type, 300_000));
    const photo = fileOf('IMG_0042.jpg', 'image/jpeg', 10.5 * MB);

    const shrunk = await shrinkPicture(photo, deps);

    expect(shrunk.type).toBe('image/webp');
    expect(shrunk.name).toBe('IMG_0042.webp');
    expect(shrunk.size).toBeLessThan(PROFILE_IMAGE_MAX_BYTES);
    expect(profileImageProblem(shrunk)).toBeNull();
    expect(deps.encode).toHaveBeenCalledWith(
      expect.anything(),
      { width: 1024, height: 768 },
      'image/webp',
      0.85,
    );
    expect(close).toHaveBeenCalled();
  });

  it('lowers the quality until the picture is under the limit', async () => {
    const { deps } = fakeBrowser((type, quality) => blobOf(type, quality > 0.6 ? 6 * MB : 2 * MB));
    const shrunk = await shrinkPicture(fileOf('me.png', 'image/png', 8 * MB), deps);
    expect(shrunk.type).toBe('image/webp');
    expect(deps.encode.mock.calls.map((call) => call[3])).toEqual([0.85, 0.7, 0.5]);
  });

  it('writes a JPEG where the browser cannot write WebP (it gives a PNG instead)', async () => {
    const { deps } = fakeBrowser((type) =>
      type === 'image/webp' ? blobOf('image/png', 9 * MB) : blobOf(type, MB),
    );
    const shrunk = await shrinkPicture(fileOf('me.png', 'image/png', 8 * MB), deps);
    expect(shrunk.type).toBe('image/jpeg');
    expect(shrunk.name).toBe('me.jpg');
  });

  it('leaves a picture under 5 MB as it is, undecoded', async () => {
    const { deps } = fakeBrowser((type) => blobOf(type, MB));
    const small = fileOf('me.png', 'image/png', 2 * MB);
    expect(await shrinkPicture(small, deps)).toBe(small);
    expect(deps.decode).not.toHaveBeenCalled();
  });

  it("gives back a large file that cannot be read, so 'File too large' is still said", async () => {
    const { deps } = fakeBrowser((type) => blobOf(type, MB));
    deps.decode.mockResolvedValue(null);
    const broken = fileOf('me.jpg', 'image/jpeg', 7 * MB);
    const result = await shrinkPicture(broken, deps);
    expect(result).toBe(broken);
    expect(profileImageProblem(result)).toEqual({
      title: 'File too large',
      description: 'Image size should be less than 5MB.',
    });
  });

  it("leaves a HEIC or GIF untouched, so 'Invalid file type' is still said", async () => {
    const { deps } = fakeBrowser((type) => blobOf(type, MB));
    const heic = fileOf('IMG_0042.HEIC', 'image/heic', 10 * MB);
    const result = await shrinkPicture(heic, deps);
    expect(result).toBe(heic);
    expect(deps.decode).not.toHaveBeenCalled();
    expect(profileImageProblem(result)?.title).toBe('Invalid file type');
  });

  it('gives the file back when no encoding gets it under the limit', async () => {
    const { deps, close } = fakeBrowser((type) => blobOf(type, 6 * MB));
    const huge = fileOf('me.png', 'image/png', 30 * MB);
    expect(await shrinkPicture(huge, deps)).toBe(huge);
    expect(close).toHaveBeenCalled();
  });
});
