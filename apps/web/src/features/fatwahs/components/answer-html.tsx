/**
 * A fatwah's answer as readers are shown it: the HTML the server rendered from the scholar's Markdown and sanitised
 * when it was saved (apps/server/src/lib/rich-text.ts), never the raw text of the request.
 */
export function AnswerHtml({
  html,
  className = '',
  lang,
  dir,
}: {
  html: string;
  className?: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
}) {
  return (
    <div
      lang={lang}
      dir={dir}
      data-testid="fatwah-answer"
      className={`urdu-reading space-y-4 leading-7 text-stone-800 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-gold-500 [&_blockquote]:ps-4 [&_blockquote]:italic [&_h2]:font-serif [&_h2]:text-xl [&_h2]:font-bold [&_h3]:font-serif [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:[unicode-bidi:plaintext] [&_ul]:list-disc [&_ul]:ps-6 ${className}`}
      // Sanitised by the server's one sanitiser when the answer was saved (or read, for an older answer).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
