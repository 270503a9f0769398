import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupFileName, backupPath } from './backup';

const AT = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));

describe('where a backup goes', () => {
  it('is named besties-YYYYMMDD-HHMMSS.sqlite in UTC', () => {
    expect(backupFileName(AT)).toBe('besties-20260102-030405.sqlite');
  });

  it('defaults to DATA_DIR/backups, takes a folder, or takes a file name ending in .sqlite', () => {
    expect(backupPath({ dataDir: '/srv/besties', at: AT })).toBe(
      '/srv/besties/backups/besties-20260102-030405.sqlite',
    );
    expect(backupPath({ dataDir: '/srv/besties', to: '/mnt/backups', at: AT })).toBe(
      '/mnt/backups/besties-20260102-030405.sqlite',
    );
    expect(backupPath({ dataDir: '/srv/besties', to: 'nightly.sqlite', at: AT })).toBe(
      path.resolve('nightly.sqlite'),
    );
  });
});
