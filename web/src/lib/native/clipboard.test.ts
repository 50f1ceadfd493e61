import { afterEach, describe, expect, it, vi } from 'vitest';

const native = vi.hoisted(() => ({ on: false }));
vi.mock('./platform.ts', () => ({ isNativePlatform: () => native.on }));

const { copyText } = await import('./clipboard.ts');

describe('copying text', () => {
  const writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });

  afterEach(() => {
    native.on = false;
    writeText.mockClear();
    delete (globalThis as { Capacitor?: unknown }).Capacitor;
  });

  it('uses the Clipboard plugin in a shell that has it', async () => {
    native.on = true;
    const write = vi.fn(async () => {});
    (globalThis as { Capacitor?: unknown }).Capacitor = { Plugins: { Clipboard: { write } } };
    await copyText('**Answer** [1]');
    expect(write).toHaveBeenCalledWith({ string: '**Answer** [1]' });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('falls back to the web Clipboard API in a shell without the plugin, and in a browser', async () => {
    native.on = true;
    (globalThis as { Capacitor?: unknown }).Capacitor = { Plugins: {} };
    await copyText('one');
    native.on = false;
    await copyText('two');
    expect(writeText.mock.calls).toEqual([['one'], ['two']]);
  });
});
