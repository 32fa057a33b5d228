import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';

/**
 * Open/closed state for a button that shows a panel (the header's dropdowns and the mobile menu). While open,
 * Escape closes it and puts the focus back on the button, and a press anywhere outside the button and the
 * panel closes it, as does the focus leaving them (`onBlur`, set on both or on an element around both).
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  const show = useCallback(() => setOpen(true), []);
  const onBlur = useCallback((event: FocusEvent) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node)) return;
    if (buttonRef.current?.contains(next) || panelRef.current?.contains(next)) return;
    setOpen(false);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (buttonRef.current?.contains(target) || panelRef.current?.contains(target)) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return { open, toggle, show, close, onBlur, buttonRef, panelRef };
}
