import { describe, expect, it } from 'vitest';
import { hasRole, roleRank, roles } from './roles.ts';

describe('roles (SPEC §4, §6)', () => {
  it('ranks member-tier-1 < member-tier-2 < admin', () => {
    expect(roles).toEqual(['member-tier-1', 'member-tier-2', 'admin']);
    expect(roleRank('member-tier-1')).toBeLessThan(roleRank('member-tier-2'));
    expect(roleRank('member-tier-2')).toBeLessThan(roleRank('admin'));
  });

  it('passes a check when the rank is at least the required rank', () => {
    expect(hasRole('admin', 'member-tier-2')).toBe(true);
    expect(hasRole('member-tier-2', 'member-tier-2')).toBe(true);
    expect(hasRole('member-tier-1', 'member-tier-2')).toBe(false);
    expect(hasRole('member-tier-2', 'admin')).toBe(false);
    expect(hasRole(null, 'member-tier-1')).toBe(false);
  });
});
