import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quota } from '../testing.ts';
import { QuotaNote } from './QuotaNote.tsx';

describe('QuotaNote', () => {
  it('says how many of the day’s messages are left', () => {
    render(<QuotaNote quota={quota(3, 30)} />);
    expect(screen.getByText('3 of 30 messages left today')).toBeInTheDocument();
  });

  it("says when the network's daily ceiling leaves fewer than the browser's own allowance", () => {
    render(<QuotaNote quota={quota(2, 5, 'address')} />);
    expect(
      screen.getByText('2 of 5 messages left today, all your network has left today'),
    ).toBeInTheDocument();
  });

  it('says when more come once none are left', () => {
    render(<QuotaNote quota={quota(0, 5)} />);
    expect(screen.getByText(/^0 of 5 messages left today · more at /)).toBeInTheDocument();
  });

  it('says unlimited for admins (no limit)', () => {
    render(<QuotaNote quota={quota(null, null)} />);
    expect(screen.getByText('Unlimited messages today')).toBeInTheDocument();
  });

  it('shows nothing before the quota is known', () => {
    const { container } = render(<QuotaNote quota={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
