import { Component, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';

interface State {
  failed: boolean;
}

/**
 * Around a screen that loads on demand: when its code cannot be downloaded (the connection dropped, or a new
 * version replaced the files), the header and footer stay and the reader is told so, with a way to try again,
 * instead of a blank page.
 */
export class ScreenLoadBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A screen could not be shown', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <LoadFailed />;
  }
}

/** What the reader sees instead of a screen whose code could not be downloaded, in the page's language. */
function LoadFailed() {
  const t = useT();
  return (
    <div role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{t('pages.loadFailed.title')}</h1>
      <p className="mt-4 text-stone-600">{t('pages.loadFailed.text')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 inline-block rounded bg-brand-700 px-4 py-2 text-white"
      >
        {t('pages.loadFailed.retry')}
      </button>
    </div>
  );
}
