/** The CSS variable by which notifications keep above a bar fixed to the foot of the screen (app/toasts.tsx). */
export const TOAST_CLEARANCE_VAR = '--toast-clearance';

/**
 * A ref for a bar fixed to the bottom of the screen (the language suggestion): while it is there, notifications
 * sit above it, however tall it grows (two lines on a phone), so that they never cover its buttons.
 */
export function keepToastsClear(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  const root = document.documentElement;
  const measure = () => root.style.setProperty(TOAST_CLEARANCE_VAR, `${element.offsetHeight}px`);
  measure();
  const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
  observer?.observe(element);
  return () => {
    observer?.disconnect();
    root.style.removeProperty(TOAST_CLEARANCE_VAR);
  };
}
