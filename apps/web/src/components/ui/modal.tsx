import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';

/**
 * A modal dialog on the native <dialog> element: focus moves in and is kept there, Escape closes, and focus
 * returns to the opener on close.
 */
export function Modal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useT();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal?.();
    return () => {
      opener?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(42rem,calc(100%-2rem))] rounded-xl p-0 shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex items-center justify-between border-b border-stone-200 px-6 py-4">
        <h2 id={titleId} className="font-serif text-xl font-semibold text-brand-800">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('ui.closeDialog')}
          className="rounded p-1 hover:bg-stone-100"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <div className="max-h-[75vh] overflow-y-auto px-6 py-4">{children}</div>
    </dialog>
  );
}
