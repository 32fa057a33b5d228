import type { Locale } from '@scholar/shared';
import { mailLanguage, type MailLanguage, type MailValues } from './i18n';
import { escapeHtml, type Mail } from './mailer';

/**
 * The notice of a change to an account, sent to the address it had, in the language the account was made in: what
 * changed (`intro`, with the `values` of its language), and a warning with the site's address for whoever did not make the change.
 */
export function accountChangedMail(
  user: { name: string; email: string; locale: Locale },
  change: 'password' | 'email',
  publicUrl: string,
  valuesIn: (lang: MailLanguage) => MailValues = () => ({}),
): Mail {
  const lang = mailLanguage(user.locale, publicUrl);
  const values = valuesIn(lang);
  const greeting = { name: user.name };
  const home = lang.home;
  return {
    to: user.email,
    subject: lang.text(`${change}.changed.subject`),
    text: [
      lang.text('greeting.named', greeting),
      '',
      lang.text(`${change}.changed.intro`, values),
      '',
      lang.text(`${change}.changed.warning`),
      home,
    ].join('\n'),
    html: lang.document(`<p>${lang.html('greeting.named', greeting)}</p>
<p>${lang.html(`${change}.changed.intro`, values)}</p>
<p>${lang.html(`${change}.changed.warning`)}</p>
<p><a href="${escapeHtml(home)}">${escapeHtml(home)}</a></p>`),
  };
}
