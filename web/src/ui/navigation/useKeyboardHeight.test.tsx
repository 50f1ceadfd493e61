import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useKeyboardHeight } from './useShellLayout.ts';

/** jsdom has no visual viewport: a stand-in whose height the test sets, as a phone's keyboard would. */
class FakeVisualViewport extends EventTarget {
  height = window.innerHeight;
  offsetTop = 0;
  scale = 1;
}

let viewport: FakeVisualViewport;

function Reader({ name }: { name: string }) {
  return (
    <p>
      {name}: {useKeyboardHeight()} px
    </p>
  );
}

function openKeyboard(heightPx: number) {
  viewport.height = window.innerHeight - heightPx;
}

beforeEach(() => {
  viewport = new FakeVisualViewport();
  Object.defineProperty(window, 'visualViewport', { value: viewport, configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(window, 'visualViewport');
});

describe('useKeyboardHeight', () => {
  it('gives every component the same height when the keyboard opens and closes', () => {
    render(
      <>
        <Reader name="bar" />
        <Reader name="composer" />
      </>,
    );
    expect(screen.getByText('bar: 0 px')).toBeInTheDocument();

    act(() => {
      openKeyboard(320);
      viewport.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByText('bar: 320 px')).toBeInTheDocument();
    expect(screen.getByText('composer: 320 px')).toBeInTheDocument();

    act(() => {
      openKeyboard(0);
      viewport.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByText('bar: 0 px')).toBeInTheDocument();
    expect(screen.getByText('composer: 0 px')).toBeInTheDocument();
  });

  it('measures a keyboard that opened while nothing was listening once a component mounts', () => {
    openKeyboard(280);
    render(<Reader name="composer" />);
    expect(screen.getByText('composer: 280 px')).toBeInTheDocument();
  });

  it('does not count a pinch zoom as a keyboard', () => {
    render(<Reader name="bar" />);
    act(() => {
      viewport.scale = 2;
      viewport.height = window.innerHeight / 2;
      viewport.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByText('bar: 0 px')).toBeInTheDocument();
  });
});
