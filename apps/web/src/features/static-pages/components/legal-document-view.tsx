import { legalPage, type LegalDocument } from '../../../content/legal';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHero } from './page-hero';

/** A policy page: text only, from content/legal.ts. */
export function LegalDocumentView({ document: doc }: { document: LegalDocument }) {
  useDocumentTitle(doc.title, doc.description);
  return (
    <>
      <PageHero title={doc.title} lead={`${legalPage.updatedLabel} ${doc.updated}`} />
      <article className="mx-auto max-w-3xl px-4 py-10 leading-7 text-stone-800">
        <p className="text-lg">{doc.intro}</p>
        {doc.sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="font-serif text-2xl font-bold text-brand-800">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3">
                {paragraph}
              </p>
            ))}
            {section.list && (
              <ul className="mt-3 list-disc space-y-1.5 pl-6 marker:text-brand-700">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
    </>
  );
}
