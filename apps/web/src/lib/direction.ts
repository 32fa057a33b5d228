/**
 * The step an arrow key takes through a row of items (pictures in a carousel or a lightbox): -1 (back) for the
 * arrow towards the start of the line, 1 for the other. The start is on the left of a left-to-right page and on
 * the right of a right-to-left one (Urdu), as the row itself is laid out.
 */
export function arrowStep(key: 'ArrowLeft' | 'ArrowRight', element: Element | null): -1 | 1 {
  const rtl = element ? getComputedStyle(element).direction === 'rtl' : false;
  return (key === 'ArrowLeft') !== rtl ? -1 : 1;
}
