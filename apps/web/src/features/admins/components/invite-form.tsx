import {
  adminInviteBodySchema,
  CONTENT_LANGUAGE_INFO,
  LOCALES,
  STAFF_ROLES,
  type Locale,
  type StaffRole,
} from '@scholar/shared';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormMessage, SelectField, TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { useForm } from '../../../lib/use-form';
import { toast } from '../../../lib/toast';
import { inviteAdmin, useAdminsMutation } from '../api/admins';
import { ROLE_LABELS, roleOption } from '../roles';

const FIELDS = ['email', 'role', 'language'] as const;

/**
 * Invites someone by email in a role: they get a one-time link, valid for 7 days, to join the staff, in a mail in the
 * language the inviter picks (theirs).
 */
export function InviteForm() {
  const { values, change, bind, formRef, formError, check, refused } = useForm(
    { email: '', role: 'admin' as StaffRole, language: 'en' as Locale },
    FIELDS,
  );
  const invite = useAdminsMutation(inviteAdmin);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = check(adminInviteBodySchema, values);
    if (!body) return;
    try {
      const sent = await invite.mutateAsync(body);
      toast.success(`Invitation sent to ${sent.email} (${ROLE_LABELS[sent.role]})`);
      change('email', '');
    } catch (error) {
      refused(error, 'Failed to send the invitation');
    }
  };

  return (
    <Form
      ref={formRef}
      onSubmit={submit}
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
      label="Invite to the staff"
    >
      <TextField
        label="Email of the new staff member"
        type="email"
        autoComplete="off"
        required
        className="sm:w-80"
        hint="They get a link to choose a name and password. It works once, for 7 days."
        {...bind('email')}
      />
      <SelectField label="Role" className="sm:w-80" {...bind('role')}>
        {STAFF_ROLES.map((option) => (
          <option key={option} value={option}>
            {roleOption(option)}
          </option>
        ))}
      </SelectField>
      {/* The invitation mail in the invited person's language. */}
      <SelectField label="Language of the invitation mail" className="sm:w-80" {...bind('language')}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {CONTENT_LANGUAGE_INFO[locale].englishName}
            {locale === 'en' ? '' : ` (${CONTENT_LANGUAGE_INFO[locale].name})`}
          </option>
        ))}
      </SelectField>
      <Button type="submit" className="sm:mt-6" disabled={invite.isPending}>
        {invite.isPending ? 'Sending...' : 'Send Invitation'}
      </Button>
      <FormMessage message={formError} />
    </Form>
  );
}
