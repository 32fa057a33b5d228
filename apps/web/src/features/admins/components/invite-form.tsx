import { adminInviteBodySchema } from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { useFormErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { inviteAdmin, useAdminsMutation } from '../api/admins';

const FIELDS = ['email'] as const;

/** Invites someone by email: they get a one-time link, valid for 7 days, to become an admin. */
export function InviteForm() {
  const [email, setEmail] = useState('');
  const { formRef, errors, formError, clearField, check, refused } = useFormErrors(FIELDS);
  const invite = useAdminsMutation(inviteAdmin);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = check(adminInviteBodySchema, { email });
    if (!body) return;
    try {
      const sent = await invite.mutateAsync(body.email);
      toast.success(`Invitation sent to ${sent.email}`);
      setEmail('');
    } catch (error) {
      refused(error, 'Failed to send the invitation');
    }
  };

  return (
    <Form
      ref={formRef}
      onSubmit={submit}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      label="Invite an admin"
    >
      <TextField
        label="Email of the new admin"
        type="email"
        name="email"
        autoComplete="off"
        required
        className="sm:w-80"
        hint="They get a link to choose a name and password. It works once, for 7 days."
        value={email}
        error={errors.email}
        onChange={(e) => {
          setEmail(e.target.value);
          clearField('email');
        }}
      />
      <Button type="submit" className="sm:mt-6" disabled={invite.isPending}>
        {invite.isPending ? 'Sending...' : 'Send Invitation'}
      </Button>
      <FormMessage message={formError} />
    </Form>
  );
}
