import { Link, useNavigate } from 'react-router';
import { paths } from '@scholar/shared';
import { useT } from '../../../lib/i18n';
import { useReturnPath, withReturnPath } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthCard, SwitchAuth } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const t = useT();
  useDocumentTitle(t('auth.login.title'), t('auth.login.description'));
  const { login } = useSession();
  const navigate = useNavigate();
  const returnPath = useReturnPath();

  return (
    <AuthCard title={t('auth.login.title')}>
      <LoginForm
        role="user"
        onSubmit={async ({ email, password, remember }) => {
          const result = await login(email, password, 'user', remember);
          if (!result.ok) return t('auth.login.useAdminPage');
          toast.success(t('auth.login.success'));
          void navigate(returnPath ?? paths.dashboard, { replace: true });
          return undefined;
        }}
        footer={
          <p className="text-end text-sm">
            <Link to={paths.forgotPassword} className="text-brand-700 hover:underline">
              {t('auth.login.forgot')}
            </Link>
          </p>
        }
      />
      <SwitchAuth offer="register" to={withReturnPath(paths.register, returnPath)} />
    </AuthCard>
  );
}
