import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@scholar/shared';
import { card } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <div className={`${card} p-6 shadow-sm sm:p-8`}>
        <h1 className="mb-6 text-center font-serif text-2xl font-bold text-brand-800">{title}</h1>
        {children}
      </div>
    </div>
  );
}

const SWITCHES = {
  register: { question: 'auth.switch.register.question', label: 'auth.switch.register.link' },
  login: { question: 'auth.switch.login.question', label: 'auth.switch.login.link' },
} as const;

/**
 * Under the login and register forms: the link to the other one (`offer`), for a visitor on the wrong page; `to`
 * keeps the page to return to once signed in.
 */
export function SwitchAuth({ offer, to }: { offer: keyof typeof SWITCHES; to: string }) {
  const { question, label } = SWITCHES[offer];
  const t = useT();
  return (
    <p className="mt-6 text-center text-sm text-stone-600">
      {t(question)}{' '}
      <Link to={to} className="font-medium text-brand-700 hover:underline">
        {t(label)}
      </Link>
    </p>
  );
}

/** The navigation state of a link from the admin login page: the way back leads there. */
export const ADMIN_LOGIN = { from: 'adminLogin' } as const;

/** The way back from the password pages to the login page: the admin one for a visitor who came from it. */
export function BackToLogin() {
  const state: unknown = useLocation().state;
  const admin = (state as { from?: string } | null)?.from === ADMIN_LOGIN.from;
  const t = useT();
  return (
    <p className="mt-6 text-center text-sm">
      <Link to={admin ? paths.adminLogin : paths.login} className="text-brand-700 hover:underline">
        {t('auth.backToLogin')}
      </Link>
    </p>
  );
}
