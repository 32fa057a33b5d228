import { Outlet } from 'react-router';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { useScrollToTopOnNavigate } from '../components/layout/scroll';
import { ScrollToTopButton } from '../components/layout/scroll-to-top-button';

export function Layout() {
  useScrollToTopOnNavigate();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollToTopButton />
    </div>
  );
}
