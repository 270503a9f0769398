import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadExport, fileNameOf } from './account';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fileNameOf (Content-Disposition)', () => {
  it.each([
    ['attachment; filename="besties-export-2026-11-26.json"', 'besties-export-2026-11-26.json'],
    ['attachment; filename=besties.json', 'besties.json'],
    ['attachment; filename="fallback.json"; filename*=UTF-8\'\'caf%C3%A9.json', 'café.json'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="a\\\\b.json"', 'b.json'],
    ['attachment; filename="bad\u0007name.json"', 'badname.json'],
  ])('reads %j as %j', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });

  it.each([null, '', 'attachment', 'attachment; filename=".."'])('gives null for %j', (header) => {
    expect(fileNameOf(header)).toBeNull();
  });
});

describe('downloadExport', () => {
  it('names the file for the day when the server names none', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06]);
    const fetchMock = vi.fn().mockResolvedValue(new Response(zip));
    vi.stubGlobal('fetch', fetchMock);
    const { blob, fileName } = await downloadExport(() => new Date('2026-11-26T12:00:00Z'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/export?format=zip');
    expect(fileName).toBe('besties-export-2026-11-26.zip');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(zip);
  });
});
