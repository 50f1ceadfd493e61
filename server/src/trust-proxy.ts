import { isIP } from 'node:net';
import { z } from 'zod';

// proxy-addr's names for the loopback, link-local and private ranges, which Fastify's trustProxy accepts.
const namedProxyRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (namedProxyRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * `false` (no proxy), a hop count (`1`: one proxy in front, whose X-Forwarded-For entry is believed), or
 * the proxies' addresses and CIDR ranges. `true` would believe any client's forged X-Forwarded-For (quotas
 * and rate limits are per address), so it is refused: docs/decisions/0013-proxies-and-caches.md.
 */
export function parseTrustProxy(value: string, context: z.RefinementCtx): false | number | string[] {
  const setting = value.trim();
  if (setting === '' || setting === 'false' || setting === '0') return false;
  if (/^\d+$/.test(setting)) return Number(setting);
  const refuse = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (setting === 'true') {
    return refuse(
      'true would trust a forged X-Forwarded-For from any client; give the number of proxies in front ' +
        'of the server (e.g. 1) or their addresses (e.g. 10.0.0.2,10.1.0.0/16)',
    );
  }
  const entries = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0) {
    return refuse(`not a hop count, IP address or CIDR range: ${invalid.join(', ')}`);
  }
  return entries;
}

export type TrustProxy = ReturnType<typeof parseTrustProxy>;

/**
 * Fastify's trustProxy option for a setting. Fastify ignores a bare hop count (it cannot tell the proxy from
 * a client that reached the server directly), so a count becomes "the nearest N peers are proxies": right
 * only when the server is reachable through those proxies alone, as README's "Behind a TLS proxy" says.
 */
export function fastifyTrustProxy(setting: TrustProxy) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
