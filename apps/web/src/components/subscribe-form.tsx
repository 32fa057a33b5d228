import { PAGE_FORM_FIELD, type FormPost, type SubscriptionFrequency } from '@scholar/shared';
import { MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { useLocation } from 'react-router';
import { postedText, postRefusal, postTaken, useFormPost } from '../lib/form-post';
import { useLocale, useT } from '../lib/i18n';
import { subscribe } from '../lib/subscriptions';
import { checkBinder } from '../lib/binders';
import { Button } from './ui/button';
import { CheckboxField, FormMessage, TextField } from './ui/field';

interface Errors {
  email?: string;
  topics?: string;
}

type Translate = ReturnType<typeof useT>;

/** The fields' messages for a refused post: the address's when the API named it, else the topics'. */
function postErrors(post: FormPost, t: Translate): Errors {
  if (postTaken(post) || post.answer.status !== 400) return {};
  const { details } = postRefusal(post);
  const found: Errors = {};
  for (const detail of details) {
    if (detail.path.split('.').includes('email')) found.email ??= t('subscriptions.form.invalidEmail');
    else found.topics ??= t('subscriptions.form.noTopic');
  }
  return details.length > 0 ? found : { email: t('subscriptions.form.invalidEmail') };
}

/** The form's message for a post refused otherwise: too many at once, or a failure. */
function postFormError(post: FormPost, t: Translate): string | undefined {
  if (postTaken(post) || post.answer.status === 400) return undefined;
  return t(post.answer.status === 429 ? 'subscriptions.form.rateLimited' : 'subscriptions.form.failed');
}

/**
 * The subscribe form (docs/decisions/048): an email, new answers and/or new articles, at once or weekly. The mails
 * come in the page's language (the call carries it). Errors sit beside their fields; a sent form is replaced by
 * what happens next (a confirmation link), the same words whether the address was known or not.
 */
export function SubscribeForm({
  tone = 'light',
  defaults = { fatwahs: true, articles: true },
}: {
  /** `dark` on the home page's coloured band. */
  tone?: 'light' | 'dark';
  /** Which topics start ticked: the page's own (the articles list ticks articles). */
  defaults?: { fatwahs: boolean; articles: boolean };
}) {
  const t = useT();
  const id = useId();
  // The form as the reader sent it before the app ran, and what came of it (lib/form-post.tsx).
  const post = useFormPost('subscribe');
  const [email, setEmail] = useState(() => (post ? postedText(post, 'email') : ''));
  const [topics, setTopics] = useState(() =>
    post
      ? { fatwahs: postedText(post, 'fatwahs') !== '', articles: postedText(post, 'articles') !== '' }
      : defaults,
  );
  const [frequency, setFrequency] = useState<SubscriptionFrequency>(() =>
    post && postedText(post, 'frequency') === 'weekly' ? 'weekly' : 'immediate',
  );
  const [errors, setErrors] = useState<Errors>(() => (post ? postErrors(post, t) : {}));
  const [formError, setFormError] = useState<string | undefined>(() =>
    post ? postFormError(post, t) : undefined,
  );
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | undefined>(() =>
    post && postTaken(post) ? postedText(post, 'email') : undefined,
  );
  const { pathname, search } = useLocation();
  const { href } = useLocale();
  const muted = tone === 'dark' ? 'text-stone-100' : 'text-stone-600';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    // The schema comes with the first send (see subscribe-form-check.ts).
    const { checkSubscription } = await import('./subscribe-form-check');
    const parsed = checkSubscription({ email, ...topics, frequency });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'email') found.email ??= t('subscriptions.form.invalidEmail');
        else found.topics ??= t('subscriptions.form.noTopic');
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await subscribe(parsed.data);
      setSentTo(parsed.data.email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429)
        setFormError(t('subscriptions.form.rateLimited'));
      else if (error instanceof ApiError && error.status === 400)
        setErrors({ email: t('subscriptions.form.invalidEmail') });
      else setFormError(t('subscriptions.form.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <p role="status" className={`flex items-start gap-2 ${muted}`} data-testid="subscribe-sent">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>{t('subscriptions.form.sent', { email: sentTo })}</span>
      </p>
    );
  }

  const check = (topic: 'fatwahs' | 'articles', checked: boolean) => {
    setTopics((current) => ({ ...current, [topic]: checked }));
    setErrors((current) => ({ ...current, topics: undefined }));
  };
  const bindTopic = checkBinder(topics, check);
  const topicsError = `${id}-topics-error`;

  return (
    // Sent to the page's own address before the app runs (the server subscribes and answers the page showing what
    // came of it); the app sends it itself.
    <form
      method="post"
      action={href(`${pathname}${search}`)}
      onSubmit={submit}
      noValidate
      aria-label={t('subscriptions.form.label')}
      className="space-y-4"
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value="subscribe" />
      <TextField
        label={
          <span className={tone === 'dark' ? 'text-white' : undefined}>{t('subscriptions.form.email')}</span>
        }
        id={`${id}-email`}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          setErrors((current) => ({ ...current, email: undefined }));
        }}
      />
      <fieldset
        aria-describedby={errors.topics ? topicsError : undefined}
        aria-invalid={errors.topics ? true : undefined}
        className={`rounded-md ${tone === 'dark' ? 'bg-white/95 px-3 py-2' : ''}`}
      >
        <legend className={`text-sm font-medium ${tone === 'dark' ? 'text-white' : 'text-stone-700'}`}>
          {t('subscriptions.form.topics')}
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          <CheckboxField label={t('subscriptions.form.fatwahs')} {...bindTopic('fatwahs')} />
          <CheckboxField label={t('subscriptions.form.articles')} {...bindTopic('articles')} />
        </div>
        {errors.topics && (
          <p id={topicsError} role="alert" className="mt-1 text-sm text-red-700">
            {errors.topics}
          </p>
        )}
      </fieldset>
      <fieldset className={`rounded-md ${tone === 'dark' ? 'bg-white/95 px-3 py-2' : ''}`}>
        <legend className={`text-sm font-medium ${tone === 'dark' ? 'text-white' : 'text-stone-700'}`}>
          {t('subscriptions.form.frequency')}
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          {(['immediate', 'weekly'] as const).map((value) => (
            <div key={value} className="flex items-center gap-2">
              <input
                id={`${id}-${value}`}
                type="radio"
                name="frequency"
                value={value}
                checked={frequency === value}
                onChange={() => setFrequency(value)}
                className="h-4 w-4 accent-brand-700"
              />
              <label htmlFor={`${id}-${value}`} className="text-sm text-stone-700">
                {t(`subscriptions.form.${value}`)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <FormMessage message={formError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy} variant={tone === 'dark' ? 'secondary' : 'primary'}>
          {busy ? t('subscriptions.form.submitting') : t('subscriptions.form.submit')}
        </Button>
        <p className={`text-xs ${muted}`}>{t('subscriptions.form.privacy')}</p>
      </div>
    </form>
  );
}
