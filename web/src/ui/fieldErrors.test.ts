import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http/index.ts';
import { fieldErrorsOf } from './fieldErrors.ts';

describe('fieldErrorsOf', () => {
  it("gives each field the server's issues by path without body, joined, with the server's message", () => {
    const error = new HttpError({
      status: 400,
      data: {
        success: false,
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Check the highlighted fields.',
          statusCode: 400,
          issues: [
            { path: 'body.links.0.url', message: 'Enter a full web address.' },
            { path: 'body.links.0.url', message: 'Use https.' },
            { path: 'body.headline', message: 'Too long.' },
          ],
        },
      },
    });
    expect(fieldErrorsOf(error)).toEqual({
      message: 'Check the highlighted fields.',
      fields: { 'links.0.url': 'Enter a full web address. Use https.', headline: 'Too long.' },
    });
  });

  it('says the fallback when the server never answered', () => {
    expect(fieldErrorsOf(new TypeError('Failed to fetch'), 'Login failed')).toEqual({
      message: 'Login failed',
      fields: {},
    });
  });
});
