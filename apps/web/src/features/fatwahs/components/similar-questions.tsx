import { paths } from '@scholar/shared';
import { useEffect, useState } from 'react';
import { contentLanguageProps } from '../../../components/content-language';
import { useT } from '../../../lib/i18n';
import { useSimilarQuestions } from '../api/reader-tools';

/** How long typing rests before the published questions like it are looked for. */
export const SIMILAR_DEBOUNCE_MS = 400;

/**
 * Under the question being typed: the published fatwahs like it, "Your question may already be answered". Looked
 * for once typing rests and the question has three words; nothing is shown while none matches. Each opens in a new
 * tab, so that the question typed so far stays.
 */
export function SimilarQuestions({ text }: { text: string }) {
  const t = useT();
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SIMILAR_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const similar = useSimilarQuestions(settled);
  const items = similar.data ?? [];
  return (
    <div aria-live="polite">
      {items.length > 0 && (
        <section
          aria-labelledby="similar-questions-heading"
          className="rounded-md border border-brand-200 bg-brand-50 p-4"
        >
          <h2 id="similar-questions-heading" className="font-serif text-lg font-semibold text-brand-800">
            {t('desk.ask.similar.title')}
          </h2>
          <p className="mt-1 text-sm text-stone-700">{t('desk.ask.similar.text')}</p>
          <ul className="mt-3 list-disc space-y-2 ps-5">
            {items.map((item) => (
              <li key={item._id}>
                <a
                  href={paths.fatwah(item._id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  <span {...contentLanguageProps(item.language)}>{item.question}</span>
                  <span className="sr-only"> {t('desk.ask.similar.opens')}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
