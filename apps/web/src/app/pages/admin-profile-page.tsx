import { ProfileTab } from '../../features/account/components/profile-tab';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/** An admin's profile: who they are, and the display name their answers and articles are signed with. */
export function AdminProfilePage() {
  useDocumentTitle('Profile');
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-6 font-serif text-3xl font-bold text-brand-800">Your profile</h1>
      <div className="rounded-lg border border-stone-200 bg-white p-6">
        <ProfileTab key={user._id} user={user} />
      </div>
    </div>
  );
}
