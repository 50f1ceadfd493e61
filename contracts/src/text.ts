import { z } from 'zod';

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL: never meaningful in what
 * a person types, and PostgreSQL refuses NUL in any text or JSON value.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/**
 * With the `u` flag a well-formed surrogate pair is one code point, so this matches only a surrogate
 * standing alone: not Unicode text at all (UTF-8 cannot encode it; PostgreSQL refuses it in JSON).
 */
const loneSurrogate = /[\uD800-\uDFFF]/u;

export const textProblems = {
  control: 'must not contain control characters such as NUL',
  surrogate: 'must not contain unpaired surrogate characters',
} as const;

/** Why a string is not safe text to store, or null when it is. */
export function textProblemOf(value: string): string | null {
  if (controlCharacter.test(value)) return textProblems.control;
  if (loneSurrogate.test(value)) return textProblems.surrogate;
  return null;
}

/**
 * The base of every free-text field a client sends: a string that is well-formed Unicode without
 * control characters (tab and line breaks allowed). Chain `.trim()`, `.min()`, `.max()` as usual.
 */
export function safeText() {
  return z
    .string()
    .refine((value) => !controlCharacter.test(value), textProblems.control)
    .refine((value) => !loneSurrogate.test(value), textProblems.surrogate);
}

/** An optional free-text field of at most `max` characters: trimmed, and empty is null (cleared). */
export function optionalText(max: number) {
  return safeText()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable();
}

/** Years every layer stores and prints the same way (PostgreSQL has no year 0; four digits in ISO 8601). */
export const dateTimeLimits = { minYear: 1, maxYear: 9999 } as const;

/** An ISO 8601 date-time with an offset, between the years 0001 and 9999 (UTC). */
export function boundedDateTime() {
  return z.iso.datetime({ offset: true }).refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= dateTimeLimits.minYear && year <= dateTimeLimits.maxYear;
    },
    `must be between the years ${String(dateTimeLimits.minYear).padStart(4, '0')} and ${dateTimeLimits.maxYear}`,
  );
}

/** Containers nested deeper than this in a request are refused before any route sees them. */
export const maxInputDepth = 64;

export interface InputProblem {
  /** Where the problem is: object keys and array indexes from the root. */
  path: Array<string | number>;
  message: string;
}

/**
 * The first string or key that is not safe text, or container nested deeper than `maxDepth`, in a parsed
 * JSON value (or query or path parameters). Iterative, so hostile nesting cannot overflow the stack.
 */
export function findInputProblem(value: unknown, maxDepth = maxInputDepth): InputProblem | null {
  const pending: Array<{ value: unknown; path: Array<string | number> }> = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      const message = textProblemOf(current);
      if (message) return { path, message };
    } else if (current !== null && typeof current === 'object') {
      if (path.length >= maxDepth)
        return { path, message: `must not be nested deeper than ${maxDepth} levels` };
      for (const [key, child] of Object.entries(current)) {
        const keyProblem = textProblemOf(key);
        if (keyProblem) return { path: [...path, key], message: `key ${keyProblem}` };
        pending.push({ value: child, path: [...path, Array.isArray(current) ? Number(key) : key] });
      }
    }
  }
  return null;
}
