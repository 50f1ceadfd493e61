import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: { isUpdate?: boolean }) => void;

const workbox = vi.hoisted(() => ({
  listeners: new Map<string, Listener[]>(),
  created: [] as { url: string; scope: string }[],
  update: vi.fn(async () => {}),
  messageSkipWaiting: vi.fn(),
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string, options: { scope: string }) {
      workbox.created.push({ url, scope: options.scope });
    }
    addEventListener(type: string, listener: Listener) {
      workbox.listeners.set(type, [...(workbox.listeners.get(type) ?? []), listener]);
    }
    async register() {
      return { update: workbox.update };
    }
    messageSkipWaiting() {
      workbox.messageSkipWaiting();
    }
  },
}));

const { registerServiceWorker } = await import('./serviceWorker.ts');

function emit(type: string, event: { isUpdate?: boolean } = {}) {
  for (const listener of workbox.listeners.get(type) ?? []) listener(event);
}

describe('service worker registration', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    workbox.listeners.clear();
    workbox.created.length = 0;
    vi.clearAllMocks();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('is skipped outside production builds (the dev server has no worker)', async () => {
    vi.stubEnv('PROD', false);
    expect(await registerServiceWorker(vi.fn())).toBeNull();
    expect(workbox.created).toEqual([]);
  });

  it('registers /sw.js for the whole app and asks the user before a new version takes over', async () => {
    vi.stubEnv('PROD', true);
    const onUpdateReady = vi.fn();
    const control = await registerServiceWorker(onUpdateReady);
    expect(workbox.created).toEqual([{ url: '/sw.js', scope: '/' }]);

    await control?.checkForUpdate();
    expect(workbox.update).toHaveBeenCalledTimes(1);
    emit('waiting');
    expect(onUpdateReady).toHaveBeenCalledTimes(1);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();

    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    control?.applyUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    // The page reloads only once the new version controls it, so page and cache match.
    emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
