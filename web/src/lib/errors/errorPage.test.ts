import { describe, expect, it } from 'vitest';
import { errorPageModel, isCrawlerUserAgent } from './errorPage.ts';

describe('error page model (SPEC §2)', () => {
  it('is the generic variant with status 500 and "Internal Server Error" by default', () => {
    expect(errorPageModel()).toEqual({
      variant: 'generic',
      statusCode: 500,
      message: 'Internal Server Error',
    });
  });

  it('is the not-found variant for 404, "Page Not Found" by default', () => {
    expect(errorPageModel({ statusCode: 404 })).toEqual({
      variant: 'not-found',
      statusCode: 404,
      message: 'Page Not Found',
    });
  });

  it('keeps a given message and status', () => {
    expect(errorPageModel({ statusCode: 404, message: 'Page not found: /x' }).message).toBe(
      'Page not found: /x',
    );
    expect(errorPageModel({ statusCode: 503, message: 'Down' })).toEqual({
      variant: 'generic',
      statusCode: 503,
      message: 'Down',
    });
    expect(errorPageModel({ message: '  ' }).message).toBe('Internal Server Error');
  });
});

describe('crawler user agents', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0)',
    'Mozilla/5.0 (compatible; Yahoo! Slurp)',
    'Baiduspider',
    'SomeCrawler/1.0',
  ])('%s is a crawler', (agent) => {
    expect(isCrawlerUserAgent(agent)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Mobile Safari/537.36',
    '',
    undefined,
  ])('%s is not', (agent) => {
    expect(isCrawlerUserAgent(agent)).toBe(false);
  });
});
