import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from './csv.ts';

describe('csv', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvRecord(['Ada Lovelace', 42, null])).toBe('Ada Lovelace,42,\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvField('Jo "JJ" Smith')).toBe('"Jo ""JJ"" Smith"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
  });

  it('neutralises what a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
  });

  it('neutralises the full-width = + - @ too, which spreadsheets also read as formula starts', () => {
    expect(csvField('\uFF1DSUM(A1)')).toBe("'\uFF1DSUM(A1)");
    expect(csvField('\uFF0B1')).toBe("'\uFF0B1");
    expect(csvField('\uFF0D2')).toBe("'\uFF0D2");
    expect(csvField('\uFF20SUM(A1)')).toBe("'\uFF20SUM(A1)");
  });

  it('does not touch numbers, which are data, not formulas', () => {
    expect(csvField(-3)).toBe('-3');
  });
});
