import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { appRoutes } from './app/router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing');
const router = createBrowserRouter(appRoutes);

// The first render as a transition: React renders it in slices and lets the browser breathe in between, instead of
// one long task right after the script has run (which a phone feels as a page that does not answer).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
