import { useState } from 'react';
import { certifications } from '../../../content/certifications';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CertificateGallery } from '../components/certificate-gallery';
import { Lightbox } from '../components/lightbox';
import { PageHero } from '../components/page-hero';

const allCertificates = certifications.categories.flatMap((category) => category.items);

export function CertificationsPage() {
  useDocumentTitle(certifications.meta.title, certifications.meta.description);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <>
      <PageHero title={certifications.title} lead={certifications.lead} />
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
