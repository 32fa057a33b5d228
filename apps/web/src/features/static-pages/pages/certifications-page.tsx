import { useState } from 'react';
import { certifications } from '../../../content/certifications';
import { useScholarText } from '../../../lib/site-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CertificateGallery } from '../components/certificate-gallery';
import { Lightbox } from '../components/lightbox';
import { PageHero } from '../components/page-hero';

const allCertificates = certifications.categories.flatMap((category) => category.items);

export function CertificationsPage() {
  const scholar = useScholarText();
  useDocumentTitle(certifications.meta.title, scholar(certifications.meta.description));
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
