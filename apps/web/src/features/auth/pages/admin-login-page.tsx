import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { errorMessage } from '../../../lib/api-client';
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
          try {
            const result = await login(email, password, 'admin', remember);
            if (!result.ok) {
              toast.error('This account is not an admin account');
              return;
            }
            toast.success('Admin login successful!');
            navigate(paths.adminDashboard);
          } catch (error) {
            toast.error(`Login failed: ${errorMessage(error, 'Something went wrong')}`);
          }
        }}
      />
    </AuthCard>
  );
}
