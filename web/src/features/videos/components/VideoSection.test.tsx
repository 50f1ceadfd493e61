import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VideoList } from '@uplift/contracts';
import { VideoSection } from './VideoSection.tsx';

const loading = { data: undefined, isError: false } as UseQueryResult<VideoList>;
const loaded = (titles: string[]) =>
  ({
    data: { items: titles.map((title) => ({ id: title, title })) },
    isError: false,
  }) as unknown as UseQueryResult<VideoList>;

function Section({ query }: { query: UseQueryResult<VideoList> }) {
  return (
    <VideoSection
      id="featured-videos"
      heading="Featured videos"
      query={query}
      empty="No featured videos yet."
      loadingShape={<div data-testid="shape" style={{ height: 392 }} />}
    >
      {(items) => (
        <ul>
          {items.map((video) => (
            <li key={video.id}>{video.title}</li>
          ))}
        </ul>
      )}
    </VideoSection>
  );
}

describe('a Home video section', () => {
  it('holds the list’s place while it loads and says so to screen readers', () => {
    const { rerender } = render(<Section query={loading} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading featured videos…');
    expect(screen.getByTestId('shape')).toBeInTheDocument();

    rerender(<Section query={loaded(['Your first 90 days in a new role'])} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('Your first 90 days in a new role');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByTestId('shape')).not.toBeInTheDocument();
  });

  it('says when there is nothing to show', () => {
    render(<Section query={loaded([])} />);
    expect(screen.getByText('No featured videos yet.')).toBeInTheDocument();
  });
});
