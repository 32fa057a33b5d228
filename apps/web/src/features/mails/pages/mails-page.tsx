import { formatDateTime, type MAIL_OUTBOX_STATUSES, type OutboxMail } from '@scholar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { api, errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Status = (typeof MAIL_OUTBOX_STATUSES)[number];
interface MailsList {
  mails: OutboxMail[];
  counts: Record<Status, number>;
  pagination: { currentPage: number; totalPages: number; total: number };
}

/** The outbox's reads and writes (`/admin/mails`, admins only; docs/decisions/072). */
const listMails = async (status: Status, page: number) =>
  (
    await api<{ data: MailsList }>(`/admin/mails?status=${status}&page=${page}`, {
      fallbackError: 'Could not load the mails',
    })
  ).data;

const retryMail = async (id: string) =>
  api(`/admin/mails/${id}/retry`, { method: 'POST', fallbackError: 'Could not put the mail back' });

const STATUS_LABELS: Record<Status, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** What a mail is, from the words its failure is logged with ("password reset mail failed"). */
const kindOf = (kind: string) =>
  kind.replace(/ (mail|notice)? ?failed$/, '').replace(/^./, (c) => c.toUpperCase());

/** A moment as the site writes them (`24 Nov 2026, 12:47 am IST`), or a dash. */
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

const COLUMNS = ['Mail', 'To', 'Written', 'Tries', 'Next try or sent', 'Last refusal', 'Actions'] as const;

/**
 * The mail outbox: every mail about a reader's act, kept until the mail server took it. Waiting mails are tried
 * again on their own; a failed one (refused for a day) can be put back for another day.
 */
export function MailsPage() {
  useDocumentTitle('Mail outbox');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('failed');
  const [page, setPage] = useState(1);
  const mails = useQuery({
    queryKey: queryKeys.mails.list(status, page),
    queryFn: () => listMails(status, page),
  });
  const retry = useMutation({
    mutationFn: retryMail,
    onSuccess: () => {
      toast.success('The mail will be tried again');
      void queryClient.invalidateQueries({ queryKey: queryKeys.mails.all });
    },
    onError: (failure) => toast.error(errorMessage(failure, 'Could not put the mail back')),
  });
  const counts = mails.data?.counts;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-brand-800">Mail outbox</h1>
      <p className="mt-2 max-w-3xl text-stone-600">
        Every mail about an order, an account, a question or a subscription is kept here until the mail server
        takes it. A refused mail is tried again for a day, then marked failed.
      </p>
      <div role="group" aria-label="Show mails" className="mt-4 flex flex-wrap gap-2">
        {(['failed', 'queued', 'sent'] as const).map((each) => (
          <Button
            key={each}
            variant={each === status ? 'primary' : 'secondary'}
            aria-pressed={each === status}
            onClick={() => {
              setStatus(each);
              setPage(1);
            }}
          >
            {STATUS_LABELS[each]}
            {counts ? ` (${counts[each]})` : ''}
          </Button>
        ))}
      </div>
      <div className="mt-6 overflow-x-auto">
        {mails.isLoading && <Spinner label="Loading mails" />}
        {mails.isError && <p role="alert">{errorMessage(mails.error, 'Could not load the mails')}</p>}
        {mails.data && (
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">{STATUS_LABELS[status]} mails</caption>
            <thead className="border-b border-stone-300">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="py-2 pe-3 last:pe-0">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {mails.data.mails.length === 0 && (
                <tr>
                  <td colSpan={COLUMNS.length} className="py-4 text-stone-600">
                    No {STATUS_LABELS[status].toLowerCase()} mails.
                  </td>
                </tr>
              )}
              {mails.data.mails.map((mail) => (
                <tr key={mail._id} className="border-b border-stone-200 align-top">
                  <th scope="row" className="py-2 pe-3 font-normal">
                    <span className="font-semibold">{kindOf(mail.kind)}</span>
                    <span className="block text-stone-600">{mail.subject}</span>
                  </th>
                  <td className="py-2 pe-3 break-all">{mail.recipient}</td>
                  <td className="py-2 pe-3">{when(mail.createdAt)}</td>
                  <td className="py-2 pe-3">{mail.attempts}</td>
                  <td className="py-2 pe-3">{when(mail.sentAt ?? mail.nextAttemptAt)}</td>
                  <td className="py-2 pe-3 break-words">{mail.lastError ?? '—'}</td>
                  <td className="py-2">
                    {mail.status === 'failed' && (
                      <Button
                        variant="secondary"
                        disabled={retry.isPending}
                        onClick={() => retry.mutate(mail._id)}
                        aria-label={`Try again: ${kindOf(mail.kind)} to ${mail.recipient}`}
                      >
                        Try again
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {mails.data && mails.data.pagination.totalPages > 1 && (
          <nav aria-label="Pages of mails" className="mt-4 flex items-center gap-3">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <span>
              Page {page} of {mails.data.pagination.totalPages}
            </span>
            <Button
              variant="secondary"
              disabled={page >= mails.data.pagination.totalPages}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </nav>
        )}
      </div>
    </div>
  );
}
