import { afterEach, describe, expect, it, vi } from 'vitest';

const native = vi.hoisted(() => ({ isNative: false }));
vi.mock('./platform.ts', () => ({ isNativePlatform: () => native.isNative }));
const plugin = vi.hoisted(() => ({ share: vi.fn(async (_options: object) => ({})) }));
vi.mock('@capacitor/share', () => ({ Share: plugin }));

const { shareLink } = await import('./share.ts');

const link = {
  title: 'Leadership: Advanced',
  text: 'My result',
  url: 'https://uplift.test/skills/shared/abc',
};

function setNavigator(key: 'share' | 'canShare' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, key, { value, configurable: true });
}

describe('sharing a link', () => {
  afterEach(() => {
    native.isNative = false;
    setNavigator('share', undefined);
    setNavigator('canShare', undefined);
    setNavigator('clipboard', undefined);
    vi.clearAllMocks();
  });

  it('opens the native share sheet in the shells', async () => {
    native.isNative = true;
    const webShare = vi.fn();
    setNavigator('share', webShare);
    await expect(shareLink(link)).resolves.toBe('shared');
    expect(plugin.share).toHaveBeenCalledWith({ ...link, dialogTitle: link.title });
    expect(webShare).not.toHaveBeenCalled();
  });

  it('treats a sheet closed unshared as cancelled, in the shells and on the web', async () => {
    native.isNative = true;
    plugin.share.mockRejectedValueOnce(new Error('Share canceled'));
    await expect(shareLink(link)).resolves.toBe('cancelled');
    native.isNative = false;
    setNavigator(
      'share',
      vi.fn(async () => Promise.reject(new DOMException('closed', 'AbortError'))),
    );
    await expect(shareLink(link)).resolves.toBe('cancelled');
  });

  it('uses the Web Share API in a browser that has it', async () => {
    const webShare = vi.fn(async () => {});
    setNavigator('share', webShare);
    setNavigator('canShare', () => true);
    await expect(shareLink(link)).resolves.toBe('shared');
    expect(webShare).toHaveBeenCalledWith(link);
    expect(plugin.share).not.toHaveBeenCalled();
  });

  it('copies the link where there is no share sheet', async () => {
    const writeText = vi.fn(async () => {});
    setNavigator('clipboard', { writeText });
    await expect(shareLink(link)).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(link.url);
  });
});
