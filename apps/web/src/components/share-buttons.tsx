import { TIMINGS } from '@scholar/shared';
import { Check, Link2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n';
import { useHydrated } from '../lib/hydration';

const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-700 transition hover:border-brand-700 hover:text-brand-700';

function XLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  );
}

function WhatsAppLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
      <path d="M17.47 14.38c-.3-.15-1.76-.87-2.03-.97-.27-.1-.47-.15-.67.15-.2.3-.77.97-.94 1.17-.17.2-.35.22-.64.07-.3-.15-1.26-.46-2.39-1.47-.88-.79-1.48-1.76-1.65-2.06-.17-.3-.02-.46.13-.61.13-.13.3-.35.45-.52.15-.17.2-.3.3-.5.1-.2.05-.37-.02-.52-.08-.15-.67-1.61-.92-2.21-.24-.58-.49-.5-.67-.51h-.57c-.2 0-.52.07-.79.37-.27.3-1.04 1.02-1.04 2.48s1.07 2.88 1.21 3.08c.15.2 2.1 3.2 5.08 4.49.71.31 1.26.49 1.69.63.71.23 1.36.2 1.87.12.57-.09 1.76-.72 2.01-1.41.25-.7.25-1.29.17-1.41-.07-.13-.27-.2-.57-.35zM12.05 21.5h-.01a9.4 9.4 0 0 1-4.8-1.31l-.34-.2-3.57.93.95-3.48-.22-.36a9.43 9.43 0 0 1-1.45-5.02c0-5.2 4.24-9.44 9.45-9.44a9.38 9.38 0 0 1 6.68 2.77 9.38 9.38 0 0 1 2.76 6.68c0 5.21-4.24 9.44-9.45 9.44zm8.04-17.48A11.3 11.3 0 0 0 12.05.7C5.78.7.68 5.8.68 12.06c0 2 .52 3.96 1.52 5.68L.58 23.3l5.7-1.5a11.33 11.33 0 0 0 5.77 1.47c6.27 0 11.37-5.1 11.37-11.37 0-3.04-1.18-5.89-3.33-8.04z" />
    </svg>
  );
}

function FacebookLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
      <path d="M24 12.073C24 5.405 18.627 0 12 0S0 5.405 0 12.073C0 18.1 4.388 23.094 10.125 24v-8.437H7.078v-3.49h3.047V9.413c0-3.026 1.792-4.697 4.533-4.697 1.312 0 2.686.236 2.686.236v2.971H15.83c-1.491 0-1.956.93-1.956 1.886v2.264h3.328l-.532 3.49h-2.796V24C19.612 23.094 24 18.1 24 12.073" />
    </svg>
  );
}

/**
 * Copies the link; the icon shows a check for 2 seconds. A failure is logged only (docs/product.md, "Messages").
 */
export function CopyLinkButton({ url }: { url: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  // Copying needs the app: until it runs, the button is not shown (its room kept); the share links work at once.
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), TIMINGS.copiedIndicatorMs);
    } catch (error) {
      // Logged only (docs/product.md, "Messages").
      console.error('Copying the link failed', error);
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={copy}
        className={`${iconButton} ${copied ? 'border-brand-700 text-brand-700' : ''} ${hydrated ? '' : 'invisible'}`}
        aria-label={copied ? t('articles.share.copied') : t('articles.share.copy')}
        title={copied ? t('articles.share.copied') : t('articles.share.copy')}
      >
        {copied ? (
          <Check aria-hidden="true" data-icon="check" className="h-4 w-4" />
        ) : (
          <Link2 aria-hidden="true" data-icon="link" className="h-4 w-4" />
        )}
      </button>
      <span role="status" className="sr-only">
        {copied ? t('articles.share.copiedStatus') : ''}
      </span>
    </>
  );
}

/**
 * 'Share:' WhatsApp (how most readers in India pass a link on), X (a microblogging site), Facebook (a social network)
 * and copy link. Shared by the article page and the fatwah page.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const t = useT();
  const link = encodeURIComponent(url);
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm font-medium text-stone-700">{t('articles.share.label')}</span>
      {[
        {
          site: 'WhatsApp',
          href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
          Logo: WhatsAppLogo,
        },
        {
          site: 'X',
          href: `https://twitter.com/intent/tweet?url=${link}&text=${encodeURIComponent(title)}`,
          Logo: XLogo,
        },
        {
          site: 'Facebook',
          href: `https://www.facebook.com/sharer/sharer.php?u=${link}`,
          Logo: FacebookLogo,
        },
      ].map(({ site, href, Logo }) => (
        <a
          key={site}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className={iconButton}
          aria-label={t('articles.share.onNewTab', { site })}
          title={t('articles.share.on', { site })}
        >
          <Logo />
        </a>
      ))}
      <CopyLinkButton url={url} />
    </div>
  );
}
