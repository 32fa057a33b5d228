import { fatwahStatusQuerySchema, paths, type FatwahAskerStatus } from '@scholar/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { LookupAnswer, LookupForm, useLookup } from '../../../components/lookup';
import { BackLink } from '../../../components/ui/back-link';
import { useT, type MessageId } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { checkQuestionStatus } from '../api/reader-tools';

const STATUS_TEXT: Record<FatwahAskerStatus['status'], MessageId> = {
  received: 'desk.status.received',
  answered: 'desk.status.answered',
  published: 'desk.status.published',
};

/**
 * The asker's status page (docs/decisions/049): the reference and the email they gave → received, answered or
 * published (with its link), and nothing else. A wrong pair answers "not found", whichever half is wrong.
 */
export function FatwahStatusPage() {
  const t = useT();
  useDocumentTitle(t('desk.status.title'));
  const [reference, setReference] = useState('');
  const [email, setEmail] = useState('');
  const { busy, result, problem, answer, submit } = useLookup<FatwahAskerStatus>(
    {
      missing: 'desk.status.missing',
      notFound: 'desk.status.notFound',
      tooMany: 'desk.status.tooMany',
      failed: 'desk.status.failed',
    },
    'center',
  );

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <BackLink to={paths.fatwahs}>{t('fatwahs.back')}</BackLink>
      <h1 className="mt-4 font-serif text-3xl font-bold text-brand-800">{t('desk.status.title')}</h1>
      <p className="mt-2 text-stone-700">{t('desk.status.intro')}</p>
      <LookupForm
        label={t('desk.status.form')}
        onSubmit={(event) =>
          void submit(event, fatwahStatusQuerySchema.safeParse({ reference, email }).success, () =>
            checkQuestionStatus(reference, email),
          )
        }
        known={{
          label: t('desk.status.reference'),
          id: 'status-reference',
          name: 'reference',
          placeholder: t('desk.status.referenceHint'),
          value: reference,
          onChange: (event) => setReference(event.target.value),
        }}
        contact={{
          label: t('desk.status.email'),
          id: 'status-email',
          name: 'email',
          type: 'email',
          value: email,
          onChange: (event) => setEmail(event.target.value),
        }}
        busy={busy}
        submitLabel={t('desk.status.submit')}
        busyLabel={t('desk.status.checking')}
      />
      <LookupAnswer answer={answer} problem={problem}>
        {result && (
          <div className="rounded-md border border-brand-200 bg-brand-50 px-4 py-4">
            <h2 className="font-mono text-sm text-stone-600">
              {t('desk.status.result', { reference: result.reference })}
            </h2>
            <p className="mt-1 font-medium text-stone-900">{t(STATUS_TEXT[result.status])}</p>
            {result.fatwahId && (
              <Link
                to={paths.fatwah(result.fatwahId)}
                className="mt-3 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white"
              >
                {t('desk.status.read')}
              </Link>
            )}
          </div>
        )}
      </LookupAnswer>
      <p className="mt-6 text-sm text-stone-500">{t('desk.status.noEmail')}</p>
    </div>
  );
}
