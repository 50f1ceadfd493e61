import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirectTarget } from './redirect.ts';

describe('safeRedirectTarget', () => {
  it.each([
    ['/skills', '/skills'],
    ['/skills?area=x#top', '/skills?area=x#top'],
    ['/profile/42', '/profile/42'],
  ])('keeps the in-app path %s', (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });

  it.each([null, '', 'skills', '//evil.example', '/\\evil.example', 'https://evil.example/', '/login'])(
    'refuses %s',
    (value) => {
      expect(safeRedirectTarget(value)).toBe('/');
    },
  );
});

describe('loginPath', () => {
  it('carries the way back and the register tab', () => {
    expect(loginPath()).toBe('/login');
    expect(loginPath({ redirectTo: '/' })).toBe('/login');
    expect(loginPath({ redirectTo: '/skills?a=1' })).toBe('/login?redirectTo=%2Fskills%3Fa%3D1');
    expect(loginPath({ mode: 'register', redirectTo: '/skills' })).toBe(
      '/login?mode=register&redirectTo=%2Fskills',
    );
  });
});
