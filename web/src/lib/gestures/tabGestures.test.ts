import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTabGestureRecognizer, type GesturePoint } from './tabGestures.ts';

/** A 60 px tall bar of three 100 px wide tabs side by side: a (0-99), b (100-199), c (200-299). */
function setup() {
  const events: string[] = [];
  const recognizer = createTabGestureRecognizer<string>({
    tabAt: ({ x, y }: GesturePoint) =>
      x < 0 || x >= 300 || y < 0 || y >= 60 ? null : (['a', 'b', 'c'][Math.floor(x / 100)] ?? null),
    onTap: (tab) => events.push(`tap:${tab}`),
    onDoubleTap: (tab) => events.push(`double:${tab}`),
    onLongPress: (tab, suppressMs) => events.push(`long:${tab}`, `suppress:${suppressMs}`),
    onPreview: (tab) => events.push(`preview:${tab ?? 'none'}`),
    onDragSelect: (tab) => events.push(`select:${tab}`),
  });
  return { events, recognizer };
}

const at = (x: number, y = 20): GesturePoint => ({ x, y });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('tap', () => {
  it('selects the tab under the pointer', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(150), 'touch');
    recognizer.up(at(150));
    expect(events).toEqual(['tap:b']);
  });

  it('still counts as a tap up to 20 px of travel', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(150), 'touch');
    recognizer.move(at(170));
    recognizer.up(at(170));
    expect(events).toEqual(['tap:b']);
  });

  it('is no tap when the pointer travelled more than 20 px: off the bar nothing happens', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(150), 'touch');
    recognizer.up(at(150, 61));
    expect(events).toEqual([]);
  });

  it('is no tap when the pointer travelled more than 20 px: on the bar it is a drag select', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(110), 'touch');
    recognizer.up(at(131));
    expect(events).toEqual(['select:b']);
  });

  it('a drag does not make the next tap a double tap', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(110), 'touch');
    recognizer.up(at(140));
    recognizer.down(at(150), 'touch');
    recognizer.up(at(150));
    expect(events).toEqual(['select:b', 'tap:b']);
  });

  it('does nothing off the tabs', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(400), 'mouse');
    recognizer.up(at(400));
    vi.advanceTimersByTime(5000);
    expect(events).toEqual([]);
  });
});

describe('double tap (300 ms)', () => {
  it('a second tap on the same tab within 300 ms is a double tap', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(50), 'touch');
    recognizer.up(at(50));
    vi.advanceTimersByTime(300);
    recognizer.down(at(50), 'touch');
    recognizer.up(at(50));
    expect(events).toEqual(['tap:a', 'double:a']);
  });

  it('after 300 ms it is a new tap', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(50), 'touch');
    recognizer.up(at(50));
    vi.advanceTimersByTime(301);
    recognizer.down(at(50), 'touch');
    recognizer.up(at(50));
    expect(events).toEqual(['tap:a', 'tap:a']);
  });

  it('taps on different tabs are two taps', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(50), 'touch');
    recognizer.up(at(50));
    recognizer.down(at(150), 'touch');
    recognizer.up(at(150));
    expect(events).toEqual(['tap:a', 'tap:b']);
  });

  it('a third quick tap starts over', () => {
    const { events, recognizer } = setup();
    for (let i = 0; i < 3; i += 1) {
      recognizer.down(at(50), 'touch');
      recognizer.up(at(50));
      vi.advanceTimersByTime(100);
    }
    expect(events).toEqual(['tap:a', 'double:a', 'tap:a']);
  });
});

describe('long press (3000 ms, cancelled beyond 12 px)', () => {
  it('fires after 3000 ms of holding still, and the release is no tap', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(250), 'touch');
    vi.advanceTimersByTime(2999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['long:c', 'suppress:600']);
    recognizer.up(at(250));
    expect(events).toEqual(['long:c', 'suppress:600']);
  });

  it('survives 12 px of movement', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(150), 'touch');
    recognizer.move(at(162));
    vi.advanceTimersByTime(3000);
    expect(events).toEqual(['long:b', 'suppress:600']);
  });

  it('is cancelled by more than 12 px of movement, even when the pointer comes back', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(150), 'touch');
    recognizer.move(at(150, 33));
    recognizer.move(at(150));
    vi.advanceTimersByTime(3000);
    recognizer.up(at(150));
    expect(events).toEqual(['tap:b']);
  });

  it('is cancelled by releasing early', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(150), 'touch');
    vi.advanceTimersByTime(2000);
    recognizer.up(at(150));
    vi.advanceTimersByTime(2000);
    expect(events).toEqual(['tap:b']);
  });

  it('suppresses taps for 600 ms after a touch long press', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(150), 'touch');
    vi.advanceTimersByTime(3000);
    recognizer.up(at(150));
    vi.advanceTimersByTime(599);
    recognizer.down(at(50), 'touch');
    recognizer.up(at(50));
    expect(events).toEqual(['long:b', 'suppress:600']);
    vi.advanceTimersByTime(1);
    recognizer.down(at(50), 'touch');
    recognizer.up(at(50));
    expect(events).toEqual(['long:b', 'suppress:600', 'tap:a']);
  });

  it('suppresses taps for 400 ms after a mouse long press', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(150), 'mouse');
    vi.advanceTimersByTime(3000);
    recognizer.up(at(150));
    vi.advanceTimersByTime(399);
    recognizer.down(at(50), 'mouse');
    recognizer.up(at(50));
    expect(events).toEqual(['long:b', 'suppress:400']);
    vi.advanceTimersByTime(1);
    recognizer.down(at(50), 'mouse');
    recognizer.up(at(50));
    expect(events).toEqual(['long:b', 'suppress:400', 'tap:a']);
  });
});

describe('drag preview', () => {
  it('previews the tab under the pointer once the drag passes 20 px, and selects it on release', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(50), 'touch');
    recognizer.move(at(70));
    expect(events).toEqual([]);
    recognizer.move(at(71));
    recognizer.move(at(90));
    recognizer.move(at(120));
    recognizer.move(at(230));
    recognizer.up(at(230));
    expect(events).toEqual(['preview:a', 'preview:b', 'preview:c', 'preview:none', 'select:c']);
  });

  it('selects nothing when released off the tabs', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(250), 'mouse');
    recognizer.move(at(280));
    recognizer.move(at(350));
    recognizer.up(at(350));
    expect(events).toEqual(['preview:c', 'preview:none']);
  });

  it('a drag cancels the long press', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(50), 'touch');
    recognizer.move(at(150));
    vi.advanceTimersByTime(4000);
    recognizer.up(at(150));
    expect(events).toEqual(['preview:b', 'preview:none', 'select:b']);
  });

  it('a cancelled pointer hides the preview and selects nothing', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(50), 'touch');
    recognizer.move(at(150));
    recognizer.cancel();
    recognizer.up(at(150));
    expect(events).toEqual(['preview:b', 'preview:none']);
  });

  it('ignores a second pointer while one is down', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(50), 'touch');
    recognizer.down(at(250), 'touch');
    recognizer.up(at(50));
    expect(events).toEqual(['tap:a']);
  });
});

describe('after a long press', () => {
  it('needs no release to start the next gesture (a modal may swallow it)', () => {
    const { events, recognizer } = setup();
    recognizer.down(at(150), 'mouse');
    vi.advanceTimersByTime(3000);
    vi.advanceTimersByTime(400);
    recognizer.down(at(50), 'mouse');
    recognizer.up(at(50));
    expect(events).toEqual(['long:b', 'suppress:400', 'tap:a']);
  });
});
