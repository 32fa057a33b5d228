import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormPost } from '@scholar/shared';
import { MemoryRouter } from 'react-router';
import { FormPostProvider } from '../lib/form-post';
import { loadI18n, LocaleProvider } from '../lib/i18n';
import { SubscribeForm } from './subscribe-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The form with a fake API: what it sends to /api/subscriptions, answered by `answer`. */
function openForm(answer: () => Response = () => json(202, { success: true, message: 'ok' })) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path === '/api/subscriptions' && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return answer();
    }
    return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  return sent;
}

describe('the subscribe form', () => {
  it('sends the email, the topics and the frequency, then says a confirmation link is on its way', async () => {
    const sent = openForm();
    render(<SubscribeForm />, { wrapper: MemoryRouter });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your email'), ' Reader@Example.com ');
    await user.click(screen.getByLabelText('New articles'));
    await user.click(screen.getByLabelText('Weekly digest'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByTestId('subscribe-sent')).toHaveTextContent(
      'we have sent a confirmation link to reader@example.com',
    );
    expect(sent).toEqual([
      { email: 'reader@example.com', fatwahs: true, articles: false, frequency: 'weekly' },
    ]);
  });

  it('shows each error beside its field and sends nothing', async () => {
    const sent = openForm();
    render(<SubscribeForm />, { wrapper: MemoryRouter });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your email'), 'not-an-address');
    await user.click(screen.getByLabelText('New answers'));
    await user.click(screen.getByLabelText('New articles'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const email = screen.getByLabelText('Your email');
    // The check comes with the first send (a module loaded then), so its errors show a moment after the click.
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    const topics = screen.getByRole('group', { name: 'What to receive' });
    expect(topics).toHaveAccessibleDescription('Choose new answers, new articles or both');
    expect(sent).toEqual([]);

    // Ticking a topic clears its error.
    await user.click(screen.getByLabelText('New answers'));
    expect(topics).not.toHaveAccessibleDescription('Choose new answers, new articles or both');
  });

  it('says when the address sent too many forms', async () => {
    openForm(() => json(429, { success: false, error: 'Too many', code: 'RATE_LIMITED' }));
    render(<SubscribeForm />, { wrapper: MemoryRouter });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your email'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait an hour');
  });

  it('is in Urdu on an Urdu page, every control labelled', async () => {
    const sent = openForm();
    const urdu = await loadI18n('ur');
    render(
      <LocaleProvider i18n={urdu}>
        <SubscribeForm defaults={{ fatwahs: false, articles: true }} />
      </LocaleProvider>,
      { wrapper: MemoryRouter },
    );
    const user = userEvent.setup();
    expect(screen.getByLabelText('نئے مضامین')).toBeChecked();
    expect(screen.getByLabelText('نئے جوابات')).not.toBeChecked();
    await user.type(screen.getByLabelText('آپ کا ای میل'), 'urdu@example.com');
    await user.click(screen.getByLabelText('فوراً'));
    await user.click(screen.getByRole('button', { name: 'رکنیت لیں' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { email: 'urdu@example.com', fatwahs: false, articles: true, frequency: 'immediate' },
      ]),
    );
  });

  it('is a form sent to the page itself before the app runs, naming itself, every field named', () => {
    render(
      <MemoryRouter initialEntries={['/articles?page=2']}>
        <SubscribeForm />
      </MemoryRouter>,
    );
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Subscribe by email' });
    expect(form.method).toBe('post');
    expect(form.getAttribute('action')).toBe('/articles?page=2');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      _form: 'subscribe',
      email: '',
      fatwahs: 'on',
      articles: 'on',
      frequency: 'immediate',
    });
  });

  it('shows what came of the form the server was sent: the address the link went to, or the refusal by its field', () => {
    const post = (status: number, body: unknown): FormPost => ({
      form: 'subscribe',
      values: { email: 'sent@example.com', articles: 'on', frequency: 'weekly' },
      answer: { status, body },
    });
    const shown = (formPost: FormPost) =>
      render(
        <MemoryRouter>
          <FormPostProvider post={formPost}>
            <SubscribeForm />
          </FormPostProvider>
        </MemoryRouter>,
      );
    const { unmount } = shown(post(200, { success: true, message: 'Check your inbox' }));
    expect(screen.getByTestId('subscribe-sent')).toHaveTextContent('sent@example.com');
    unmount();

    shown(
      post(400, {
        success: false,
        error: 'Invalid',
        details: [{ path: 'body.email', message: 'Invalid email' }],
      }),
    );
    const email = screen.getByLabelText('Your email');
    expect(email).toHaveValue('sent@example.com');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New answers')).not.toBeChecked();
    expect(screen.getByLabelText('New articles')).toBeChecked();
    expect(screen.getByLabelText('Weekly digest')).toBeChecked();
  });
});
