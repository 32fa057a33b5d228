import { useNavigate } from 'react-router';
import { paths } from '@scholar/shared';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthCard } from '../components/auth-card';
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
      />
    </AuthCard>
  );
}
