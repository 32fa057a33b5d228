import { ProfileTab } from '../../features/account/components/profile-tab';
import { ChangeEmailForm, ChangePasswordForm } from '../../features/account/components/sign-in-forms';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

const card = 'rounded-lg border border-stone-200 bg-white p-6';

/**
 * An admin's profile: who they are, the display name their answers and articles are signed with, and the email and
 * password they sign in with.
 */
export function AdminProfilePage() {
  useDocumentTitle('Profile');
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-6 font-serif text-3xl font-bold text-brand-800">Your profile</h1>
      <div className={card}>
        <ProfileTab key={user._id} user={user} />
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div className={card}>
          <ChangeEmailForm key={user._id} user={user} />
        </div>
        <div className={card}>
          <ChangePasswordForm key={user._id} user={user} />
        </div>
      </div>
    </div>
  );
}
