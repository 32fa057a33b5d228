import { returnPolicy } from '../../../content/legal';
import { LegalDocumentView } from '../components/legal-document-view';

export function ReturnPolicyPage() {
  return <LegalDocumentView document={returnPolicy} />;
}
