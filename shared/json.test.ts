import { describe, expect, it } from 'vitest';
import { stringRecordOf } from './json';

describe('stringRecordOf', () => {
  it('keeps the string fields of a JSON object and leaves the others out', () => {
    expect(stringRecordOf('{"a":"1","b":2,"c":null,"d":"x"}')).toEqual({ a: '1', d: 'x' });
  });

  it('answers an empty record for text that is not a JSON object', () => {
    for (const text of ['', 'not json', '"a"', '42', 'null', '["a"]']) {
      expect(stringRecordOf(text)).toEqual({});
    }
  });
});
