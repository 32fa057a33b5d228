import { useState } from 'react';
import { pageMetaOf, type Locale } from '@scholar/shared';
import {
  certifications as certificationsEn,
  type CertificationsWording,
} from '../../../content/certifications';
import { certificationsBn } from '../../../content/certifications.bn';
import { certificationsUr } from '../../../content/certifications.ur';
import { useLocale } from '../../../lib/i18n';
import { useScholarText } from '../../../lib/site-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CertificateGallery } from '../components/certificate-gallery';
import { Lightbox } from '../components/lightbox';
import { PageHero } from '../components/page-hero';

const wording: Record<Locale, CertificationsWording> = {
  en: certificationsEn,
  ur: certificationsUr,
  bn: certificationsBn,
};

export function CertificationsPage() {
  const { locale } = useLocale();
  const certifications = wording[locale];
  const meta = pageMetaOf('certifications', locale);
  const allCertificates = certifications.categories.flatMap((category) => category.items);
  const scholar = useScholarText();
  useDocumentTitle(meta.title, scholar(meta.description));
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <>
      <PageHero title={scholar(certifications.title)} lead={scholar(certifications.lead)} />
      <CertificateGallery categories={certifications.categories} onOpen={setOpenIndex} />
      {openIndex !== null && (
        <Lightbox
          images={allCertificates}
          index={openIndex}
          onIndexChange={setOpenIndex}
          onClose={() => setOpenIndex(null)}
          labels={certifications.lightbox}
        />
      )}
    </>
  );
}
