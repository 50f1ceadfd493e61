import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineChart } from './LineChart.tsx';

const labels = ['03-10', '03-11', '03-12', '03-13', '03-14'];

function chart() {
  render(
    <LineChart
      title="Active members and Vale questions per day"
      labels={labels}
      series={[
        { label: 'Active members', values: [4, 6, null, 9, 12] },
        { label: 'Vale questions', values: [1, 2, 3, 0, 7], tone: 'amber', dashed: true },
      ]}
      formatValue={String}
    />,
  );
  const drawing = screen.getByRole('img', { name: /^Active members and Vale questions per day/ });
  // jsdom lays nothing out: the chart is drawn 320 px wide, as on a phone.
  drawing.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 320, height: 150 });
  return drawing;
}

describe('LineChart on a phone', () => {
  it("reads out every series' latest values at once, and names them to screen readers", () => {
    const drawing = chart();
    expect(screen.getByText('03-14: Active members 12 · Vale questions 7')).toBeVisible();
    expect(drawing).toHaveAccessibleName(
      'Active members and Vale questions per day, latest 03-14: Active members 12 · Vale questions 7',
    );
  });

  it('a tap on the chart reads out the values at that point; a withheld value is a dash', () => {
    const drawing = chart();
    fireEvent.pointerDown(drawing, { clientX: 20, buttons: 1 });
    expect(screen.getByText('03-10: Active members 4 · Vale questions 1')).toBeVisible();
    // A drag goes on reading; a move with no finger down does not.
    fireEvent.pointerMove(drawing, { clientX: 175, buttons: 1 });
    expect(screen.getByText('03-12: Active members — · Vale questions 3')).toBeVisible();
    fireEvent.pointerMove(drawing, { clientX: 319, buttons: 0 });
    expect(screen.getByText('03-12: Active members — · Vale questions 3')).toBeVisible();
  });

  it('keeps the first and last axis labels inside the drawing, and names the largest value', () => {
    const drawing = chart();
    const texts = [...drawing.querySelectorAll('text')];
    const first = texts.find((text) => text.textContent === '03-10');
    const last = texts.find((text) => text.textContent === '03-14');
    expect(first).toHaveAttribute('text-anchor', 'start');
    expect(last).toHaveAttribute('text-anchor', 'end');
    expect(texts.map((text) => text.textContent)).toContain('12');
  });
});
