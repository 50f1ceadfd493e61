/** Keyboard moves of the card slider: arrows step one card, Home and End jump to the ends. */
export function sliderIndexForKey(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(last, current + 1);
    case 'ArrowLeft':
      return Math.max(0, current - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** The card a scroll position has snapped to, from the distance between card starts. */
export function sliderIndexForScroll(scrollLeft: number, cardStride: number, count: number): number {
  if (count <= 0 || cardStride <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(scrollLeft / cardStride)));
}

export function clampSliderIndex(index: number, count: number): number {
  return Math.min(Math.max(0, count - 1), Math.max(0, Math.trunc(index)));
}
