import { Link, useNavigate } from 'react-router';
import { paths } from '@scholar/shared';
import { firstDeskPath } from '../../../lib/desks';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ADMIN_LOGIN, AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function AdminLoginPage() {
  useDocumentTitle('Admin Login');
  const { login } = useSession();
  const navigate = useNavigate();

  return (
    <AuthCard title="Admin Login">
      <LoginForm
        role="admin"
        onSubmit={async ({ email, password, remember }) => {
          // Every staff role signs in here (admin, scholar, shop), and starts at its first desk.
          const result = await login(email, password, 'admin', remember);
          if (!result.ok) return 'This account is not a staff account';
          toast.success('Admin login successful!');
          void navigate(firstDeskPath(result.user.role));
          return undefined;
        }}
        footer={
          <p className="text-end text-sm">
            {/* The reset link leads back here: the reset page sends an admin to the admin login. */}
            <Link to={paths.forgotPassword} state={ADMIN_LOGIN} className="text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </p>
        }
      />
    </AuthCard>
  );
}
