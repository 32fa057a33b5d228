import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { AdminLoginPage } from './admin-login-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { ResetPasswordPage } from './reset-password-page';
import { json, renderWithProviders } from '../../../test/render';
import { aUser } from '../../../test/session';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const refusal = (
  status: number,
  error: string,
  code: string,
  details?: { path: string; message: string }[],
) => json(status, { success: false, error, code, ...(details ? { details } : {}) });

/** The server answers each `METHOD /api/path` with its handler; every call is recorded. */
function serve(handlers: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    calls.push(call);
    return handlers[call]?.() ?? refusal(404, 'Not found', 'NOT_FOUND');
  });
  return calls;
}

function show(path: string, element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path.replace(':token', 'reset-token')] },
  );
  renderWithProviders(router);
}

const field = (label: string) => screen.getByLabelText(label);

/** Fills the sign-up form for Aisha and sends it. */
async function registerAisha(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Full Name'), 'Aisha Siddiqui');
  await user.type(field('Phone Number'), '9876543210');
  await user.type(field('Email'), 'aisha@example.com');
  await user.type(field('Password'), 'secret-1');
  await user.type(field('Confirm Password'), 'secret-1');
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

function expectMarked(label: string, message: string) {
  expect(field(label)).toHaveAttribute('aria-invalid', 'true');
  expect(field(label)).toHaveAccessibleDescription(message);
}

describe('Register', () => {
  it('marks every invalid field at once and moves to the first; a mismatch is said on the second password', async () => {
    const user = userEvent.setup();
    const calls = serve({});
    show('/register', <RegisterPage />);
    await user.type(field('Email'), 'not-an-email');
    await user.type(field('Password'), '123');
    await user.type(field('Confirm Password'), '1234');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expectMarked('Full Name', 'Please enter your name');
    expectMarked('Phone Number', 'Enter a 10-digit mobile number');
    expectMarked('Email', 'Please enter a valid email address');
    expectMarked('Password', 'Password must be at least 6 characters long');
    expectMarked('Confirm Password', 'Passwords do not match');
    await waitFor(() => expect(field('Full Name')).toHaveFocus());
    expect(calls).not.toContain('POST /api/auth/register');
  });

  it('says a taken email beside the email field', async () => {
    const user = userEvent.setup();
    const message = 'An account with this email already exists';
    serve({
      'POST /api/auth/register': () =>
        refusal(409, message, 'EMAIL_TAKEN', [{ path: 'body.email', message }]),
    });
    show('/register', <RegisterPage />);
    await registerAisha(user);

    await waitFor(() => expect(field('Email')).toHaveFocus());
    expectMarked('Email', message);
    expect(toast.error).toHaveBeenCalledWith(`Registration failed: ${message}`, expect.anything());
  });
  it('sends one Idempotency-Key per registration, the same again when it is sent again after a failure', async () => {
    const user = userEvent.setup();
    const keys: (string | null)[] = [];
    let answer = () => refusal(503, 'The service is temporarily unavailable', 'SERVICE_UNAVAILABLE');
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path !== '/api/auth/register') return json(200, { success: true, data: {} });
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      return answer();
    });
    show('/register', <RegisterPage />);
    await registerAisha(user);
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled());
    answer = () =>
      json(201, {
        success: true,
        data: { user: aUser({ email: 'aisha@example.com' }), accessToken: 'a', refreshToken: 'r' },
      });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(keys).toEqual([expect.any(String), keys[0]]);
  });
});

describe('Login', () => {
  it('marks both fields at once, then says wrong credentials near the button', async () => {
    const user = userEvent.setup();
    serve({ 'POST /api/auth/login': () => refusal(401, 'Invalid email or password', 'INVALID_CREDENTIALS') });
    show('/login', <LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expectMarked('Email', 'Please enter a valid email address');
    expectMarked('Password', 'Please enter your password');
    await waitFor(() => expect(field('Email')).toHaveFocus());

    await user.type(field('Email'), 'aisha@example.com');
    await user.type(field('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const form = screen.getByRole('form', { name: 'Login' });
    await waitFor(() =>
      expect(form.querySelector('[role="alert"]')).toHaveTextContent(
        'Login failed: Invalid email or password',
      ),
    );
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
    expect(field('Password')).not.toHaveAttribute('aria-invalid');
    expect(toast.dismiss).toHaveBeenCalled();
    expect(toast.error).toHaveBeenLastCalledWith(
      'Login failed: Invalid email or password',
      expect.anything(),
    );
  });

  it("puts the server's field errors beside their fields", async () => {
    const user = userEvent.setup();
    serve({
      'POST /api/auth/login': () =>
        refusal(400, 'Please enter a valid email address', 'VALIDATION_ERROR', [
          { path: 'body.email', message: 'Please enter a valid email address' },
        ]),
    });
    show('/admin/login', <AdminLoginPage />);
    await user.type(field('Email'), 'admin@example.com');
    await user.type(field('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(field('Email')).toHaveFocus());
    expectMarked('Email', 'Please enter a valid email address');
  });

  it('says near the button that a customer account cannot use the admin login', async () => {
    const user = userEvent.setup();
    serve({
      'POST /api/auth/login': () =>
        json(200, {
          success: true,
          data: {
            accessToken: 'a',
            refreshToken: 'r',
            user: aUser(),
          },
        }),
      'POST /api/auth/logout': () => json(200, { success: true }),
    });
    show('/admin/login', <AdminLoginPage />);
    await user.type(field('Email'), 'aisha@example.com');
    await user.type(field('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is not a staff account');
    expect(toast.error).toHaveBeenCalledWith('This account is not a staff account', expect.anything());
  });
});

describe('Login by kind of account', () => {
  it.each(['admin', 'scholar', 'shop'] as const)(
    'the customer login refuses a %s account, and ends the session it opened',
    async (role) => {
      const user = userEvent.setup();
      const calls = serve({
        'POST /api/auth/login': () =>
          json(200, {
            success: true,
            data: { accessToken: 'a', refreshToken: 'r', user: aUser({ role }) },
          }),
        'POST /api/auth/logout': () => json(200, { success: true }),
      });
      show('/login', <LoginPage />);
      await user.type(field('Email'), 'staff@example.com');
      await user.type(field('Password'), 'secret-1');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Please use the admin login page');
      expect(calls).toContain('POST /api/auth/logout');
    },
  );

  it.each(['scholar', 'shop'] as const)('the admin login takes a %s account', async (role) => {
    const user = userEvent.setup();
    const calls = serve({
      'POST /api/auth/login': () =>
        json(200, { success: true, data: { accessToken: 'a', refreshToken: 'r', user: aUser({ role }) } }),
    });
    show('/admin/login', <AdminLoginPage />);
    await user.type(field('Email'), 'staff@example.com');
    await user.type(field('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Admin login successful!'));
    expect(calls).not.toContain('POST /api/auth/logout');
  });
});

describe('Forgot and reset password', () => {
  it('marks a malformed email, and says a refusal of no field near the button', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'POST /api/password/forgot-password': () =>
        refusal(429, 'Too many requests. Please try again later.', 'RATE_LIMITED'),
    });
    show('/forgot-password', <ForgotPasswordPage />);
    await user.type(field('Email'), 'aisha@');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expectMarked('Email', 'Please enter a valid email address');
    await waitFor(() => expect(field('Email')).toHaveFocus());
    expect(calls).toEqual([]);

    await user.type(field('Email'), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('marks a short password and a different confirmation at once', async () => {
    const user = userEvent.setup();
    serve({
      'POST /api/password/reset-password': () =>
        refusal(400, 'This reset link is invalid or has expired', 'RESET_TOKEN_INVALID'),
    });
    show('/reset-password/:token', <ResetPasswordPage />);
    await user.type(field('New Password'), '123');
    await user.type(field('Confirm Password'), '12');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expectMarked('New Password', 'Password must be at least 6 characters long');
    expectMarked('Confirm Password', 'Passwords do not match');
    await waitFor(() => expect(field('New Password')).toHaveFocus());

    await user.clear(field('New Password'));
    await user.type(field('New Password'), 'second-pass-2');
    await user.clear(field('Confirm Password'));
    await user.type(field('Confirm Password'), 'second-pass-2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired');
  });
});

describe('the sign-in pages in Urdu', () => {
  const inUrdu = async (element: ReactElement) => (
    <LocaleProvider i18n={await loadI18n('ur')}>{element}</LocaleProvider>
  );

  it('labels the login form in Urdu and says a refusal in Urdu', async () => {
    const user = userEvent.setup();
    serve({ 'POST /api/auth/login': () => refusal(401, 'Invalid email or password', 'INVALID_CREDENTIALS') });
    show('/login', await inUrdu(<LoginPage />));
    expect(screen.getByRole('heading', { level: 1, name: 'لاگ ان' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'پاس ورڈ بھول گئے؟' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'رجسٹر کریں' })).toHaveAttribute('href', '/register');
    expect(screen.getByText(/کیا آپ کا اکاؤنٹ نہیں ہے؟/)).toBeInTheDocument();
    expect(screen.getByLabelText('مجھے یاد رکھیں')).toBeChecked();
    await user.type(field('ای میل'), 'aisha@example.com');
    await user.type(field('پاس ورڈ'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'لاگ ان کریں' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'لاگ ان نہیں ہو سکا: Invalid email or password',
    );
  });

  it('labels the register, forgot and reset password forms in Urdu', async () => {
    const user = userEvent.setup();
    serve({ 'POST /api/password/forgot-password': () => json(200, { success: true, data: {} }) });
    show('/register', await inUrdu(<RegisterPage />));
    expect(screen.getByRole('heading', { level: 1, name: 'رجسٹر کریں' })).toBeInTheDocument();
    for (const label of ['پورا نام', 'فون نمبر', 'ای میل', 'پاس ورڈ', 'پاس ورڈ کی تصدیق کریں']) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'لاگ ان کریں' })).toHaveAttribute('href', '/login');
    cleanup();

    show('/forgot-password', await inUrdu(<ForgotPasswordPage />));
    expect(screen.getByRole('heading', { level: 1, name: 'پاس ورڈ بھول گئے' })).toBeInTheDocument();
    await user.type(field('ای میل'), 'aisha@example.com');
    await user.click(screen.getByRole('button', { name: 'نیا پاس ورڈ بنانے کا لنک بھیجیں' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'پاس ورڈ بدلنے کی ہدایات کے لیے اپنی ای میل دیکھیں',
    );
    expect(toast.success).toHaveBeenCalledWith('پاس ورڈ بدلنے کی ای میل بھیج دی گئی!');
    expect(screen.getByRole('link', { name: 'لاگ ان پر واپس جائیں' })).toHaveAttribute('href', '/login');
    cleanup();

    show('/reset-password/:token', await inUrdu(<ResetPasswordPage />));
    expect(screen.getByRole('heading', { level: 1, name: 'نیا پاس ورڈ بنائیں' })).toBeInTheDocument();
    expect(field('نیا پاس ورڈ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'پاس ورڈ بدلیں' })).toBeInTheDocument();
  });
});
