import type { SiteSettings } from '@scholar/shared';
import { CONTACT_DETAILS, legalPage, type LegalDocument } from '../../../content/legal';
import { useSiteSettings } from '../../../lib/site-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHero } from './page-hero';

/** The contact details of the settings, as one sentence of a policy. */
export function contactSentence(settings: SiteSettings): string {
  const hours = settings.openingHours ? ` (${settings.openingHours})` : '';
  return `Write to ${settings.contactEmail} or call ${settings.phone}${hours}, or visit our office at ${settings.officeAddress.join(', ')}.`;
}

/** A policy page: text only, from content/legal.ts, with the contact details of the site's settings. */
export function LegalDocumentView({ document: doc }: { document: LegalDocument }) {
  useDocumentTitle(doc.title, doc.description);
  const settings = useSiteSettings();
  // Until the settings are read the contact details are left out, never shown as placeholders.
  const withContact = (text: string) =>
    text.replaceAll(CONTACT_DETAILS, settings ? contactSentence(settings) : '').trim();
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
                {withContact(paragraph)}
              </p>
            ))}
            {section.list && (
              <ul className="mt-3 list-disc space-y-1.5 ps-6 marker:text-brand-700">
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
