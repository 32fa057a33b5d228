import { Link, useNavigate } from 'react-router';
import { paths } from '@scholar/shared';
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
          const result = await login(email, password, 'admin', remember);
          if (!result.ok) return 'This account is not an admin account';
          toast.success('Admin login successful!');
          void navigate(paths.adminDashboard);
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
