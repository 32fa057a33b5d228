import { Link, useNavigate } from 'react-router';
import { paths } from '@scholar/shared';
import { useReturnPath, withReturnPath } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthCard, SwitchAuth } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  useDocumentTitle('Login', 'Log in to your account to see your orders, addresses and cart.');
  const { login } = useSession();
  const navigate = useNavigate();
  const returnPath = useReturnPath();

  return (
    <AuthCard title="Login">
      <LoginForm
        role="user"
        onSubmit={async ({ email, password, remember }) => {
          const result = await login(email, password, 'user', remember);
          if (!result.ok) return 'Please use the admin login page';
          toast.success('Login successful!');
          void navigate(returnPath ?? paths.dashboard, { replace: true });
          return undefined;
        }}
        footer={
          <p className="text-end text-sm">
            <Link to={paths.forgotPassword} className="text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </p>
        }
      />
      <SwitchAuth offer="register" to={withReturnPath(paths.register, returnPath)} />
    </AuthCard>
  );
}
