import { TIMINGS } from '@scholar/shared';
import { Check, Link2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { logError } from '../lib/log';

const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-700 transition hover:border-brand-700 hover:text-brand-700';

function XLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
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
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), TIMINGS.copiedIndicatorMs);
    } catch (error) {
      logError('Copying the article link failed', error);
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={copy}
        className={`${iconButton} ${copied ? 'border-brand-700 text-brand-700' : ''}`}
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

/** 'Share:' X (a microblogging site), Facebook (a social network) and copy link. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const t = useT();
  const link = encodeURIComponent(url);
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm font-medium text-stone-700">{t('articles.share.label')}</span>
      {[
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
