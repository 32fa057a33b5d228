import { paths } from '@scholar/shared';
import { termsAndConditions } from '../../../content/legal';
import { termsAndConditionsBn } from '../../../content/legal.bn';
import { termsAndConditionsUr } from '../../../content/legal.ur';
import { LegalDocumentView } from '../components/legal-document-view';

const documents = { en: termsAndConditions, ur: termsAndConditionsUr, bn: termsAndConditionsBn };

export function TermsPage() {
  return <LegalDocumentView documents={documents} englishPath={paths.terms} />;
}
