import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, unsubscribedSchema, unsubscribeRequestSchema } from '@uplift/contracts';
import { HttpError } from '../../plugins/errors.ts';
import type { EmailNotices } from './email-notices.ts';

const invalidLink = 'This unsubscribe link is not valid. Choose which emails you get in your settings.';
const tokenQuery = z.object({ token: z.string().min(1).max(300).optional() });

/**
 * The unsubscribe link of every notification mail, without signing in. A mail client's one-click POST
 * (RFC 8058: `List-Unsubscribe=One-Click` as a form body, the token in the URL) stops the emails at once;
 * a person who clicks the link in the mail (a GET, which link scanners also make) is sent to a page that
 * asks first, and whose button posts the token as JSON.
 */
export const unsubscribeLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/mail/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['notifications'],
        summary: 'An unsubscribe link opened in a browser: to the page that confirms it (it stops nothing)',
        querystring: tokenQuery,
        response: { 303: z.null(), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      // In the fragment, so the page's own requests never carry it.
      return reply.redirect(`/unsubscribe#token=${encodeURIComponent(token)}`, 303);
    },
  );
};

/** The one-click POST, in a context of its own: only it reads form bodies. */
export const oneClickUnsubscribeRoutes: FastifyPluginAsyncZod<{ notices: EmailNotices }> = async (
  app,
  { notices },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post(
    '/api/mail/unsubscribe',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['notifications'],
        summary:
          'Stop a kind of notification email with the token of its unsubscribe link: a mail client’s ' +
          'one-click POST (RFC 8058, token in the URL) or the confirming page (token in a JSON body)',
        querystring: tokenQuery,
        body: z.union([unsubscribeRequestSchema, z.object({ 'List-Unsubscribe': z.literal('One-Click') })]),
        response: { 200: unsubscribedSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const token = 'token' in request.body ? request.body.token : request.query.token;
      const stopped = token ? await notices.unsubscribe(token) : null;
      if (!stopped) throw new HttpError(400, invalidLink);
      return { success: true as const, kind: stopped };
    },
  );
};
