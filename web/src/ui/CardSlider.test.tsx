import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CardSlider } from './CardSlider.tsx';

const items = ['One', 'Two', 'Three'];

beforeEach(() => {
  // jsdom does not scroll.
  HTMLElement.prototype.scrollTo = vi.fn();
});

function setup(reducedMotion?: boolean) {
  const onIndexChange = vi.fn();
  render(
    <CardSlider
      items={items}
      label="Featured"
      getKey={(item) => item}
      renderCard={(item) => <p>{item}</p>}
      reducedMotion={reducedMotion}
      onIndexChange={onIndexChange}
    />,
  );
  return { onIndexChange, carousel: screen.getByRole('region', { name: 'Featured' }) };
}

/** jsdom has no layout: cards start 100 px apart and the track scrolls 200 px. */
function layOut(carousel: HTMLElement): HTMLElement {
  const track = within(carousel).getByRole('group', { name: /use the arrow keys/ });
  for (const [position, slide] of [...track.children].entries()) {
    Object.defineProperty(slide, 'offsetLeft', { configurable: true, value: position * 100 });
  }
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: 100 });
  Object.defineProperty(track, 'scrollWidth', { configurable: true, value: 300 });
  return track;
}

describe('card slider', () => {
  it('is a named carousel of labelled slides', () => {
    const { carousel } = setup();
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(within(carousel).getByRole('group', { name: '2 of 3' })).toHaveTextContent('Two');
    expect(within(carousel).getByText('Card 1 of 3')).toBeInTheDocument();
  });

  it('moves with the arrow keys, Home and End, staying within the cards', async () => {
    const user = userEvent.setup();
    const { carousel, onIndexChange } = setup();
    within(carousel)
      .getByRole('group', { name: /use the arrow keys/ })
      .focus();
    await user.keyboard('{ArrowRight}');
    expect(within(carousel).getByText('Card 2 of 3')).toBeInTheDocument();
    await user.keyboard('{End}{ArrowRight}');
    expect(within(carousel).getByText('Card 3 of 3')).toBeInTheDocument();
    await user.keyboard('{Home}{ArrowLeft}');
    expect(within(carousel).getByText('Card 1 of 3')).toBeInTheDocument();
    expect(onIndexChange.mock.calls.map(([index]) => index)).toEqual([1, 2, 0]);
  });

  it('moves with the buttons, disabled at the ends; jumps instead of gliding with reduced motion', async () => {
    const user = userEvent.setup();
    const { carousel } = setup(true);
    layOut(carousel);
    expect(within(carousel).getByRole('button', { name: 'Previous card' })).toBeDisabled();
    await user.click(within(carousel).getByRole('button', { name: 'Next card' }));
    expect(HTMLElement.prototype.scrollTo).toHaveBeenLastCalledWith(
      expect.objectContaining({ behavior: 'auto' }),
    );
    await user.click(within(carousel).getByRole('button', { name: 'Go to card 3' }));
    expect(within(carousel).getByRole('button', { name: 'Next card' })).toBeDisabled();
    expect(within(carousel).getByRole('button', { name: 'Go to card 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('glides when motion is allowed', async () => {
    const user = userEvent.setup();
    const { carousel } = setup(false);
    layOut(carousel);
    await user.click(within(carousel).getByRole('button', { name: 'Next card' }));
    expect(HTMLElement.prototype.scrollTo).toHaveBeenLastCalledWith(
      expect.objectContaining({ behavior: 'smooth' }),
    );
  });

  it('keeps the card a key asked for while the glide is redirected; a touch hands over to the swipe', async () => {
    const user = userEvent.setup();
    const { carousel } = setup(false);
    const track = layOut(carousel);
    const scrollSettlesAt = (left: number) => {
      track.scrollLeft = left;
      fireEvent(track, new Event('scrollend'));
    };

    track.focus();
    await user.keyboard('{End}{ArrowLeft}');
    expect(within(carousel).getByText('Card 2 of 3')).toBeInTheDocument();
    // The glide to the last card was redirected on its way and ends there: the label stays put and the
    // track is sent on to the card asked for.
    vi.mocked(HTMLElement.prototype.scrollTo).mockClear();
    scrollSettlesAt(180);
    expect(within(carousel).getByText('Card 2 of 3')).toBeInTheDocument();
    expect(HTMLElement.prototype.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ left: 100 }));
    scrollSettlesAt(100);
    expect(within(carousel).getByText('Card 2 of 3')).toBeInTheDocument();

    // Settling short twice: where it settles is the card.
    await user.keyboard('{Home}');
    scrollSettlesAt(90);
    scrollSettlesAt(190);
    expect(within(carousel).getByText('Card 3 of 3')).toBeInTheDocument();

    // A swipe decides where it stops.
    await user.keyboard('{End}');
    fireEvent.pointerDown(track);
    scrollSettlesAt(0);
    expect(within(carousel).getByText('Card 1 of 3')).toBeInTheDocument();
  });
});
