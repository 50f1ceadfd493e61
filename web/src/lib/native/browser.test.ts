import { describe, expect, it } from 'vitest';
import { appPathOf } from './browser.ts';

describe('the place a link into the shells opens', () => {
  it("reads the app's own scheme as a path in the app, however many slashes it has", () => {
    expect(appPathOf('community.uplift.app://partners/northgate?from=site#contact')).toBe(
      '/partners/northgate?from=site#contact',
    );
    expect(appPathOf('community.uplift.app:///skills/results')).toBe('/skills/results');
    expect(appPathOf('community.uplift.app://community')).toBe('/community');
    expect(appPathOf('community.uplift.app://')).toBe('/');
  });

  it('keeps the path of an https link, which the system hands over only for an associated domain', () => {
    expect(appPathOf('https://uplift.example/videos/abc?t=30')).toBe('/videos/abc?t=30');
  });

  it('opens nothing for another scheme or for text that is no link', () => {
    expect(appPathOf('javascript:alert(1)')).toBeNull();
    expect(appPathOf('otherapp://partners/x')).toBeNull();
    expect(appPathOf('not a link')).toBeNull();
  });
});
