import { act } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportComponentError, reportRecoverableError } from '../lib/errors/index.ts';
import { RootErrorBoundary } from './RootErrorBoundary.tsx';
import { rootOptions } from './rootOptions.ts';

vi.mock('../lib/errors/index.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  reportComponentError: vi.fn(),
  reportRecoverableError: vi.fn(),
}));

function Broken(): never {
  throw new Error('broken screen');
}

let container: HTMLElement;
let root: Root | undefined;

beforeEach(() => {
  vi.mocked(reportComponentError).mockClear();
  vi.mocked(reportRecoverableError).mockClear();
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  vi.restoreAllMocks();
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

describe("the root's React DOM error options (SPEC §8)", () => {
  it('report a render error the router caught, with where it happened, once', async () => {
    // React Router says so on the console in development.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <p>Route failed</p> },
    ]);
    root = createRoot(container, rootOptions);
    await act(async () => root?.render(<RouterProvider router={router} />));

    expect(container).toHaveTextContent('Route failed');
    expect(reportComponentError).toHaveBeenCalledTimes(1);
    const [error, info] = vi.mocked(reportComponentError).mock.calls[0] ?? [];
    expect(error).toEqual(new Error('broken screen'));
    expect(info?.componentStack).toContain('Broken');
  });

  it('report a render error the root boundary caught', async () => {
    root = createRoot(container, rootOptions);
    await act(async () =>
      root?.render(
        <RootErrorBoundary>
          <Broken />
        </RootErrorBoundary>,
      ),
    );

    expect(container).toHaveTextContent('Something went wrong in the app');
    expect(reportComponentError).toHaveBeenCalledTimes(1);
  });

  it('report a render error no boundary caught', async () => {
    // Outside act, as in the browser: inside it, React hands an uncaught error to act rather than the root.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const outsideAct = createRoot(container, rootOptions);
      outsideAct.render(<Broken />);
      await vi.waitFor(() => expect(reportComponentError).toHaveBeenCalledTimes(1));
      outsideAct.unmount();
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }

    expect(container).toBeEmptyDOMElement();
    expect(vi.mocked(reportComponentError).mock.calls[0]?.[0]).toEqual(new Error('broken screen'));
  });

  it('log an error React recovered from by itself (markup drawn differently), as recoverable', async () => {
    container.innerHTML = '<p>drawn on the server</p>';
    await act(async () => {
      root = hydrateRoot(container, <p>drawn in the browser</p>, rootOptions);
    });

    expect(container).toHaveTextContent('drawn in the browser');
    expect(reportRecoverableError).toHaveBeenCalled();
    expect(reportComponentError).not.toHaveBeenCalled();
  });
});
