import { privacyPolicy } from '../../../content/legal';
import { LegalDocumentView } from '../components/legal-document-view';

export function PrivacyPolicyPage() {
  return <LegalDocumentView document={privacyPolicy} />;
}
