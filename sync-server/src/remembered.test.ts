import { describe, expect, it } from 'vitest';
import { remembered } from './remembered';

describe('remembered', () => {
  it('works an answer out once per key, and forgets the least recently asked past `max`', () => {
    const asked: string[] = [];
    const lengthOf = remembered(2, (key) => {
      asked.push(key);
      return key.length;
    });
    expect([lengthOf('ab'), lengthOf('ab'), lengthOf('abc'), lengthOf('ab')]).toEqual([2, 2, 3, 2]);
    expect(asked).toEqual(['ab', 'abc']);
    lengthOf('abcd');
    expect([lengthOf('ab'), lengthOf('abc')]).toEqual([2, 3]);
    expect(asked).toEqual(['ab', 'abc', 'abcd', 'abc']);
  });

  it('remembers an answer that is undefined or false as it is', () => {
    let calls = 0;
    const nothing = remembered(4, () => {
      calls += 1;
      return undefined;
    });
    nothing('a');
    nothing('a');
    expect(calls).toBe(1);
  });
});
