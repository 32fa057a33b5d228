import { DEFAULT_LOCALE, type Locale, type SiteSettings } from '@scholar/shared';
import { CONTACT_DETAILS, type LegalDocument } from '../../../content/legal';
import { T, useLocale, useT } from '../../../lib/i18n';
import { useSiteSettings } from '../../../lib/site-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHero } from './page-hero';

type Translate = ReturnType<typeof useT>;

/** The contact details of the settings, as one sentence of a policy in the page's language. */
export function contactSentence(settings: SiteSettings, t: Translate): string {
  const values = {
    email: settings.contactEmail,
    phone: settings.phone,
    hours: settings.openingHours,
    address: settings.officeAddress.join(', '),
  };
  return t(settings.openingHours ? 'pages.legal.contactWithHours' : 'pages.legal.contact', values);
}

/**
 * A policy page: text only, from content/legal.ts (or its Urdu and Bengali versions, which say that the English
 * text governs), with the contact details of the site's settings. `englishPath`: the page's English address.
 */
export function LegalDocumentView({
  documents,
  englishPath,
}: {
  documents: Record<Locale, LegalDocument>;
  englishPath: string;
}) {
  const { locale } = useLocale();
  const t = useT();
  const doc = documents[locale];
  useDocumentTitle(doc.title, doc.description);
  const settings = useSiteSettings();
  // Until the settings are read the contact details are left out, never shown as placeholders.
  const withContact = (text: string) =>
    text.replaceAll(CONTACT_DETAILS, settings ? contactSentence(settings, t) : '').trim();
  return (
    <>
      <PageHero title={doc.title} lead={t('pages.legal.updated', { date: doc.updated })} />
      <article className="mx-auto max-w-3xl px-4 py-10 leading-7 text-stone-800">
        {locale !== DEFAULT_LOCALE && (
          <p className="mb-6 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900">
            <T
              id="pages.legal.translation"
              components={{
                0: (
                  <a href={englishPath} hrefLang="en" className="font-medium underline underline-offset-2" />
                ),
              }}
            />
          </p>
        )}
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
