import { describe, expect, it } from 'vitest';
import { searchOf } from './keys.ts';

describe('searchOf', () => {
  it('leaves out absent values, including a cursor restored from the content cache as null', () => {
    expect(searchOf({ topic: 'wins', q: '', cursor: null, page: undefined })).toBe('?topic=wins');
    expect(searchOf({ cursor: null })).toBe('');
    expect(searchOf({ near: '53.80,-1.55', page: 2 })).toBe('?near=53.80%2C-1.55&page=2');
  });
});
