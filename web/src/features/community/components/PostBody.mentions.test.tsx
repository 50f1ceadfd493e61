import { mentionToken } from '@uplift/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PostBody } from './PostBody.tsx';

const ada = { id: '0b5e3f3c-1d2e-4f50-9a6b-7c8d9e0f1a2b', name: 'Ada Lovelace' };
const gone = { id: '1c6f4a4d-2e3f-4a61-8b7c-8d9e0f1a2b3c', name: 'Bo *Former*' };

describe('PostBody mentions', () => {
  it("links a mention the server resolved to the member's profile under today's name", () => {
    render(
      <MemoryRouter>
        <PostBody
          text={`Thanks ${mentionToken(ada.id, 'Ada L')} and ${mentionToken(gone.id, gone.name)}!`}
          mentions={[ada]}
        />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: '@Ada Lovelace' });
    expect(link).toHaveAttribute('href', `/profile/${ada.id}`);
    expect(link).not.toHaveAttribute('target');
    // A member who left: their name as written, as plain text (its Markdown not applied), no link.
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText(/and @Bo \*Former\*!/)).toBeInTheDocument();
  });

  it('shows every mention as plain text when none is resolved (a copy waiting offline)', () => {
    render(<PostBody text={`Ask ${mentionToken(ada.id, ada.name)}`} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Ask @Ada Lovelace')).toBeInTheDocument();
  });
});
