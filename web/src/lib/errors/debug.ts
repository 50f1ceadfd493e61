/** SPEC §9: local storage keeps the admin debug flag, so `?debug=admin` lasts beyond one visit. */
export const adminDebugStorageKey = 'uplift:debug-admin';

export type DebugMode = 'off' | 'on' | 'admin';

export interface DebugInputs {
  /** VITE_DEBUG at build time. */
  configured?: string;
  /** The `debug` query parameter, if any. */
  query?: string | null;
  /** Whether local storage holds the admin debug flag. */
  adminFlag?: boolean;
}

function truthy(value: string | undefined | null): boolean {
  return !!value && ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
}

/**
 * SPEC §9: debug logging is off unless configured or enabled with `?debug=true` (this visit) or
 * `?debug=admin` (kept in local storage until `?debug=false`).
 */
export function resolveDebugMode({ configured, query, adminFlag = false }: DebugInputs): DebugMode {
  const asked = query?.trim().toLowerCase();
  if (asked === 'admin') return 'admin';
  if (asked === 'true') return 'on';
  if (asked === 'false') return truthy(configured) ? 'on' : 'off';
  if (adminFlag) return 'admin';
  return truthy(configured) ? 'on' : 'off';
}

let mode: DebugMode = 'off';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads the configuration, the address and the stored flag once at start-up; returns the mode. */
export function initDebug(
  inputs: { configured?: string; search?: string } = {
    configured: import.meta.env.VITE_DEBUG,
    search: typeof location === 'undefined' ? '' : location.search,
  },
): DebugMode {
  const store = storage();
  const query = new URLSearchParams(inputs.search ?? '').get('debug');
  mode = resolveDebugMode({
    configured: inputs.configured,
    query,
    adminFlag: store?.getItem(adminDebugStorageKey) === 'true',
  });
  try {
    if (query === 'admin') store?.setItem(adminDebugStorageKey, 'true');
    if (query === 'false') store?.removeItem(adminDebugStorageKey);
  } catch {
    // Storage full or blocked: debug just lasts for this visit.
  }
  return mode;
}

export function debugMode(): DebugMode {
  return mode;
}

export function isDebugEnabled(): boolean {
  return mode !== 'off';
}

/** console.debug, only when debug logging is on. */
export function debugLog(scope: string, ...details: unknown[]): void {
  if (mode !== 'off') console.debug(`[uplift:${scope}]`, ...details);
}
