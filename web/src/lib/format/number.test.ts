import { afterEach, describe, expect, it, vi } from 'vitest';
import { numberFormatter } from './number.ts';

describe('numberFormatter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes its Intl formatter on first use only, then keeps it', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    const money = numberFormatter({ style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    expect(made).not.toHaveBeenCalled();
    expect(money(1234.4)).toBe(
      new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 0,
      }).format(1234),
    );
    money(5);
    // Once for the formatter, once for the expectation's own.
    expect(made).toHaveBeenCalledTimes(2);
  });
});
