import { describe, expect, it } from 'vitest';
import {
  errorLogPayloadSchema,
  knowledgePointListQuerySchema,
  loginRequestSchema,
  publicChatRequestSchema,
  renameConversationRequestSchema,
} from './index.ts';
import { boundedDateTime, findInputProblem, safeText, textProblems } from './text.ts';

const report = {
  message: 'TypeError',
  timestamp: '2026-11-20T10:00:00Z',
  userAgent: 'Mozilla/5.0',
  url: 'https://uplift.example/',
};
const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)]);

describe('safe text', () => {
  it('keeps what people type: tabs, line breaks, emoji, any script, pasted URLs', () => {
    for (const text of ['a\tb\r\nc', 'Grüße 😀 مرحبا', 'see localhost:3000/api', "it's \\ | & !"]) {
      expect(safeText().parse(text)).toBe(text);
    }
  });

  it('refuses NUL and other control characters, and lone surrogates', () => {
    for (const text of ['a\u0000b', '\u0007', 'del\u007f', '\u001b[31m']) {
      expect(safeText().safeParse(text).error?.issues[0]?.message).toBe(textProblems.control);
    }
    for (const text of ['\ud800', 'x\udfffy', '😀'.slice(0, 1)]) {
      expect(safeText().safeParse(text).error?.issues[0]?.message).toBe(textProblems.surrogate);
    }
  });

  it('is the base of the text fields of every request contract', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: 'pass\u0000word' }).success).toBe(false);
    expect(publicChatRequestSchema.safeParse({ message: 'hi\u0000' }).success).toBe(false);
    expect(
      publicChatRequestSchema.safeParse({ message: 'hi', history: [{ role: 'user', content: '\ud800' }] })
        .success,
    ).toBe(false);
    expect(renameConversationRequestSchema.safeParse({ title: 'a\u0000' }).success).toBe(false);
    expect(knowledgePointListQuerySchema.safeParse({ q: 'cv\u0000' }).success).toBe(false);
    expect(errorLogPayloadSchema.safeParse({ ...report, url: 'x\u0000' }).success).toBe(false);
  });
});

describe('bounded date-times', () => {
  it('keeps the years 0001 to 9999 (UTC) and refuses the rest', () => {
    for (const value of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-01-01T10:00:00+02:00']) {
      expect(boundedDateTime().safeParse(value).success).toBe(true);
    }
    for (const value of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:00:00-02:00']) {
      expect(boundedDateTime().safeParse(value).success).toBe(false);
    }
    expect(errorLogPayloadSchema.safeParse({ ...report, timestamp: '0000-01-01T00:00:00Z' }).success).toBe(
      false,
    );
  });
});

describe('nested input', () => {
  it('finds the first unsafe string or key, and nesting past the limit, without recursion', () => {
    expect(findInputProblem({ a: ['ok', { b: 'x\u0000' }] })).toEqual({
      path: ['a', 1, 'b'],
      message: textProblems.control,
    });
    expect(findInputProblem({ ['\ud800']: 1 })?.path).toEqual(['\ud800']);
    expect(findInputProblem(nested(64))).toBeNull();
    expect(findInputProblem(nested(65))?.message).toMatch(/nested deeper than 64/);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findInputProblem(deep)).not.toBeNull();
  });

  it("limits an error report's context to readable depth", () => {
    const result = errorLogPayloadSchema.safeParse({ ...report, context: { deep: nested(20) } });
    expect(result.error?.issues[0]?.path.slice(0, 2)).toEqual(['context', 'deep']);
    expect(errorLogPayloadSchema.safeParse({ ...report, context: { a: { b: 'c' } } }).success).toBe(true);
  });
});
