import { Outlet } from 'react-router';
import { useT } from '../lib/i18n';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { LanguageSuggestion } from '../components/layout/language-suggestion';
import { useScrollRestoration, useScrollToTopOnNavigate } from '../components/layout/scroll';
import { ScrollToTopButton } from '../components/layout/scroll-to-top-button';

export function Layout() {
  const t = useT();
  useScrollToTopOnNavigate();
  useScrollRestoration();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t('layout.skipToContent')}
      </a>
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so a page that grows once its data arrives
          moves nothing the visitor already sees (no layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollToTopButton />
      <LanguageSuggestion />
    </div>
  );
}
