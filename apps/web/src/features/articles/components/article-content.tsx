import { useArticleHtml } from '../lib/content';

/** The article's HTML, sanitised by DOMPurify before it reaches the page. */
export function ArticleContent({ html }: { html: string }) {
  const safe = useArticleHtml(html);
  return (
    <div
      data-testid="article-content"
      className="article-content urdu-reading space-y-5 text-lg leading-8 text-stone-800 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-gold-500 [&_blockquote]:ps-4 [&_blockquote]:italic [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:font-semibold [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6"
      // Sanitised by DOMPurify above (and by the server when it was saved).
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
