import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { KnowledgePoint } from '@uplift/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KnowledgePointView } from './KnowledgePointView.tsx';

const point: KnowledgePoint = {
  id: 'k-1',
  slug: 'averages-medians-and-percentages',
  title: 'Averages, medians and percentages made simple',
  body: '**Mean (average):** add the values and divide by how many there are.\n\n- Median: the middle value\n- Mode: the most common',
  topic: 'skills',
  tags: [],
  skillTags: ['data-analytics'],
  sourceUrl: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('a recommended knowledge point', () => {
  it('reads as formatted text, as in Vale, never as raw Markdown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify(point), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <KnowledgePointView slug={point.slug} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Mean (average):', { selector: 'strong' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(/\*\*/)).not.toBeInTheDocument();
  });
});
