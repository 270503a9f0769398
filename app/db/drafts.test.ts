import { beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData } from './chats';
import { draftOf, saveDraft } from './drafts';

beforeEach(async () => {
  await clearLocalData();
});

describe('drafts', () => {
  it('keeps what she typed per chat and forgets it once the box is empty', async () => {
    await saveDraft('a', 'half a thought');
    await saveDraft('b', 'another');
    expect(await draftOf('a')).toBe('half a thought');
    expect(await draftOf('b')).toBe('another');
    await saveDraft('a', '');
    expect(await draftOf('a')).toBe('');
  });

  it('are wiped with everything else when she logs out', async () => {
    await saveDraft('a', 'private');
    await clearLocalData();
    expect(await draftOf('a')).toBe('');
  });
});
