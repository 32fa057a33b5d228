import { paths } from '@scholar/shared';
import { returnPolicy } from '../../../content/legal';
import { returnPolicyBn } from '../../../content/legal.bn';
import { returnPolicyUr } from '../../../content/legal.ur';
import { LegalDocumentView } from '../components/legal-document-view';

const documents = { en: returnPolicy, ur: returnPolicyUr, bn: returnPolicyBn };

export function ReturnPolicyPage() {
  return <LegalDocumentView documents={documents} englishPath={paths.returnPolicy} />;
}
