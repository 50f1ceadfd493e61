import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { prerenderedStylesScript, themeBootScript } from '@uplift/contracts';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { compressFromBytes } from './compressed-page.ts';
import { writes } from './route-hooks.ts';

/** Sent over HTTPS only (request.protocol, which believes X-Forwarded-Proto from a trusted proxy). */
export const strictTransportSecurity = `max-age=${365 * 24 * 60 * 60}; includeSubDomains`;

/** CSP's name for exactly this text of an inline script. */
function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

export const themeBootScriptSource = scriptHashSource(themeBootScript);
export const prerenderedStylesScriptSource = scriptHashSource(prerenderedStylesScript);

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The app's files, and two inline scripts allowed by their hashes, so no other inline script runs:
      // the theme, set before the first paint (contracts' themeBootScript), and a prerendered page's
      // styles, set through the CSSOM before it is painted (prerenderedStylesScript, decision 0107).
      scriptSrc: ["'self'", themeBootScriptSource, prerenderedStylesScriptSource],
      // Style sheets and <style> elements only from the app's own files: an injected <style> could read a
      // page's text out through selectors (decision 0060). No style attribute in HTML either (decision
      // 0107): the app sets geometry (the tab bar's widths, a chart's bars, a logo's colour) through the
      // CSSOM, which CSP does not govern, and prerendered pages carry theirs as data until then.
      styleSrc: ["'self'"],
      styleSrcElem: ["'self'"],
      styleSrcAttr: ["'none'"],
      // Every image and video the app shows comes from its own API (a bucket's files are served through it),
      // or is drawn in the page (a partner's logo as a data: URL, a picked photo as a blob: URL).
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginResourcePolicy: { policy: 'same-site' },
  // Sent below, over HTTPS only.
  strictTransportSecurity: false,
};

/**
 * OWASP's secure-headers advice: the app itself may ask for the camera (a profile photo) and the location
 * ("Near me"), plays its own videos full screen and shorts on their own; every other device ability is
 * refused to the page and to anything it might embed.
 */
export const permissionsPolicy = [
  'camera=(self)',
  'geolocation=(self)',
  'fullscreen=(self)',
  'autoplay=(self)',
  'picture-in-picture=(self)',
  'microphone=()',
  'display-capture=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

/**
 * Helmet's headers for these options, worked out once: none depends on the request. (@fastify/helmet
 * builds helmet again, CSP parsing included, on every request: 5 % of the CPU of a small public read.)
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return Object.fromEntries(headers);
}

/**
 * What an API answer (JSON, media, files) needs, as OWASP's REST guidance lists it: helmet's other headers
 * (a page CSP, COOP, Origin-Agent-Cluster, X-XSS-Protection, X-Download-Options, …) only mean something on
 * a document, and sent on every API answer they were most of its bytes: about 900 bytes of headers on a
 * 63-byte `/api/status`, the largest cost of the request.
 */
export const apiHeaders: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-site',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The API's own paths; `/api/docs` is the OpenAPI reader, a page. */
const isApiPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Stored files the native shells embed in <img> and <video> from their own origin (capacitor://localhost,
 * https://localhost): another site, so these alone may be read cross-site. Everything else the API sends is
 * same-site; the shells' fetches are CORS requests, which this header does not govern.
 */
const isEmbeddedFilePath = (url: string) =>
  url.startsWith('/api/uploads/') || /^\/api\/videos\/[^/?]+\/(?:media|poster|captions)(?:\?|$)/.test(url);
const embeddedFileHeaders = { ...apiHeaders, 'cross-origin-resource-policy': 'cross-origin' };

/** Security headers on everything the server sends, errors included (registered first). */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const documentHeaders = { ...helmetHeaders(helmetOptions), 'permissions-policy': permissionsPolicy };
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    reply.headers(
      isApiPath(url) ? (isEmbeddedFilePath(url) ? embeddedFileHeaders : apiHeaders) : documentHeaders,
    );
    // HSTS over plain HTTP is ignored by browsers and would pin a development or misconfigured host.
    // Behind a TLS proxy, request.protocol is https when the trusted proxy says so (TRUST_PROXY).
    if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
    done();
  });
});

/** Registered after plugins whose onSend hooks need the uncompressed body (idempotency). */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // A compressed request body is undone only where there is a body: reads skip the preParsing hook that
  // looks for one (before compress' own onRoute hook, which adds it unless told not to).
  app.addHook('onRoute', (route) => {
    if (!writes(route)) route.decompress = false;
  });
  // Answers up to 64 KB are compressed in one call, not through a zlib stream. The plugin's default for
  // two cores (8 KB) sent a 17 KB partner list through a stream: 2.6 ms of CPU a request when Chrome asked for
  // zstd, against 0.07 ms in one call (decision 0032). The thread pool gains nothing when the cores are busy.
  await app.register(compress, { threshold: compressFromBytes, syncThreshold: 65_536 });
});
