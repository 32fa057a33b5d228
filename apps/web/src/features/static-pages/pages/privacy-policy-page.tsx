import { paths } from '@scholar/shared';
import { privacyPolicy } from '../../../content/legal';
import { privacyPolicyBn } from '../../../content/legal.bn';
import { privacyPolicyUr } from '../../../content/legal.ur';
import { LegalDocumentView } from '../components/legal-document-view';

const documents = { en: privacyPolicy, ur: privacyPolicyUr, bn: privacyPolicyBn };

export function PrivacyPolicyPage() {
  return <LegalDocumentView documents={documents} englishPath={paths.privacyPolicy} />;
}
