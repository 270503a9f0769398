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
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json({ format: 'besties-export' })));
    const { blob, fileName } = await downloadExport(() => new Date('2026-11-26T12:00:00Z'));
    expect(fileName).toBe('besties-export-2026-11-26.json');
    expect(JSON.parse(await blob.text())).toEqual({ format: 'besties-export' });
  });
});
