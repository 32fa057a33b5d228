import { termsAndConditions } from '../../../content/legal';
import { LegalDocumentView } from '../components/legal-document-view';

export function TermsPage() {
  return <LegalDocumentView document={termsAndConditions} />;
}
