import { describe, expect, it } from 'vitest';
import { isPagePath } from './pages.ts';

describe('isPagePath', () => {
  it('knows the fixed pages, with or without one trailing slash, in any case', () => {
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/community')).toBe(true);
    expect(isPagePath('/community/')).toBe(true);
    expect(isPagePath('/Admin/Users')).toBe(true);
  });

  it('takes one segment for a page parameter, never more or none', () => {
    expect(isPagePath('/partners/42')).toBe(true);
    expect(isPagePath('/community/posts/9f1c')).toBe(true);
    expect(isPagePath('/partners/42/extra')).toBe(false);
    expect(isPagePath('/videos/')).toBe(false);
  });

  it('refuses paths the router would answer with its 404 page', () => {
    expect(isPagePath('/some/path')).toBe(false);
    expect(isPagePath('/communityx')).toBe(false);
  });
});
