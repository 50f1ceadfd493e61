import { errorPageDefaults } from '@uplift/contracts';

export type ErrorPageVariant = 'not-found' | 'generic';

export interface ErrorPageModel {
  variant: ErrorPageVariant;
  statusCode: number;
  message: string;
}

/** SPEC §2: 404 is the not-found variant ("Page Not Found"); anything else is generic (500, "Internal Server Error"). */
export function errorPageModel(options: { statusCode?: number; message?: string } = {}): ErrorPageModel {
  const statusCode = options.statusCode ?? errorPageDefaults.generic.statusCode;
  const variant: ErrorPageVariant =
    statusCode === errorPageDefaults.notFound.statusCode ? 'not-found' : 'generic';
  const fallback =
    variant === 'not-found' ? errorPageDefaults.notFound.message : errorPageDefaults.generic.message;
  const message = options.message?.trim() ? options.message : fallback;
  return { variant, statusCode, message };
}

const crawlerPattern = /bot|crawl|spider|slurp|googlebot/i;

/** SPEC §2: crawlers get no error page (so an error screen is never indexed as content). */
export function isCrawlerUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && crawlerPattern.test(userAgent);
}
