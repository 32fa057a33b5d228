import { fatwahPublicPath, paths } from '@scholar/shared';
import type { DeliveryItem, SubscriptionChoices } from '../db/schema';
import { escapeHtml, type Mail } from './mailer';
import type { MailLanguage } from './i18n';

/**
 * The subscription mails (docs/decisions/048): the confirmation of a subscription, a new item, a week's digest. Each
 * says why it came and carries its unsubscribe link twice: visibly (the page that confirms) and in the
 * `List-Unsubscribe` headers for one-click unsubscribing in the mail client (RFC 8058).
 */

/** An item as a mail tells of it: its title and a short excerpt, fixed when the delivery was planned. */
export type NoticeItem = DeliveryItem;

/** The two links of a mail's unsubscribe token. */
export interface UnsubscribeLinks {
  /** The API's one-click address (`List-Unsubscribe`). */
  oneClick: string;
  /** The page that asks and confirms, in the reader's language. */
  page: string;
}

export function unsubscribeLinks(publicUrl: string, lang: MailLanguage, token: string): UnsubscribeLinks {
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    oneClick: `${publicUrl}/api/subscriptions/unsubscribe${query}`,
    page: `${lang.url(paths.subscriptionUnsubscribe)}${query}`,
  };
}

const listHeaders = (links: UnsubscribeLinks) => ({
  'List-Unsubscribe': `<${links.oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const footer = (lang: MailLanguage, links: UnsubscribeLinks) => ({
  text: [
    '',
    '--',
    lang.text('subscription.footer.why'),
    lang.text('subscription.footer.unsubscribeHere', { link: links.page }),
  ],
  html: `<hr>
<p><small>${lang.html('subscription.footer.why')} <a href="${escapeHtml(links.page)}">${lang.html('subscription.footer.unsubscribe')}</a></small></p>`,
});

const topicsOf = (choices: Pick<SubscriptionChoices, 'fatwahs' | 'articles'>) =>
  choices.fatwahs && choices.articles
    ? ('subscription.topics.both' as const)
    : choices.fatwahs
      ? ('subscription.topics.fatwahs' as const)
      : ('subscription.topics.articles' as const);

export const itemPath = (item: DeliveryItem) =>
  item.kind === 'fatwah' ? fatwahPublicPath(item.id) : paths.article(item.id);

/** "Please confirm": the link that confirms, what was asked for, and that ignoring it sends nothing more. */
export function subscriptionConfirmMail(
  email: string,
  choices: SubscriptionChoices,
  lang: MailLanguage,
  confirmToken: string,
  links: UnsubscribeLinks,
): Mail {
  const link = `${lang.url(paths.subscriptionConfirm)}?token=${encodeURIComponent(confirmToken)}`;
  const values = {
    topics: lang.text(topicsOf(choices)),
    frequency: lang.text(`subscription.frequency.${choices.frequency}`),
  };
  const end = footer(lang, links);
  return {
    to: email,
    subject: lang.text('subscription.confirm.subject'),
    headers: listHeaders(links),
    text: [
      lang.text('greeting.plain'),
      '',
      lang.text('subscription.confirm.body', values),
      '',
      lang.text('subscription.confirm.here', { link }),
      '',
      lang.text('subscription.confirm.ignore'),
      ...end.text,
    ].join('\n'),
    html: lang.document(`<p>${lang.html('greeting.plain')}</p>
<p>${lang.html('subscription.confirm.body', values)}</p>
<p><a href="${escapeHtml(link)}">${lang.html('subscription.confirm.action')}</a></p>
<p>${lang.html('subscription.confirm.ignore')}</p>
${end.html}`),
  };
}

/** A new fatwah or article: its title, excerpt and link. */
export function subscriptionItemMail(
  email: string,
  item: NoticeItem,
  lang: MailLanguage,
  links: UnsubscribeLinks,
  messageId: string,
): Mail {
  const link = lang.url(itemPath(item));
  const end = footer(lang, links);
  return {
    to: email,
    subject: lang.text(`subscription.${item.kind}.subject`, { title: item.title }),
    headers: listHeaders(links),
    messageId,
    text: [
      lang.text(`subscription.${item.kind}.intro`),
      '',
      item.title,
      '',
      item.excerpt,
      '',
      lang.text('subscription.item.readHere', { link }),
      ...end.text,
    ].join('\n'),
    html: lang.document(`<p>${lang.html(`subscription.${item.kind}.intro`)}</p>
<h2 dir="auto">${escapeHtml(item.title)}</h2>
<p dir="auto">${escapeHtml(item.excerpt)}</p>
<p><a href="${escapeHtml(link)}">${lang.html('subscription.item.read')}</a></p>
${end.html}`),
  };
}

/** A week's digest: the new answers, then the new articles, each with its link. */
export function subscriptionDigestMail(
  email: string,
  weekStart: string,
  items: NoticeItem[],
  lang: MailLanguage,
  links: UnsubscribeLinks,
  messageId: string,
): Mail {
  const sections = (['fatwah', 'article'] as const)
    .map((kind) => ({
      heading:
        kind === 'fatwah'
          ? ('subscription.digest.fatwahs' as const)
          : ('subscription.digest.articles' as const),
      items: items.filter((item) => item.kind === kind),
    }))
    .filter((section) => section.items.length > 0);
  const date = lang.calendarDate(weekStart);
  const end = footer(lang, links);
  return {
    to: email,
    subject: lang.text('subscription.digest.subject', { count: lang.count(items.length) }),
    headers: listHeaders(links),
    messageId,
    text: [
      lang.text('subscription.digest.intro', { date }),
      ...sections.flatMap((section) => [
        '',
        lang.text(section.heading),
        ...section.items.flatMap((item) => [
          '',
          `* ${item.title}`,
          `  ${item.excerpt}`,
          `  ${lang.url(itemPath(item))}`,
        ]),
      ]),
      ...end.text,
    ].join('\n'),
    html: lang.document(`<p>${lang.html('subscription.digest.intro', { date })}</p>
${sections
  .map(
    (section) => `<h2>${lang.html(section.heading)}</h2>
<ul>
${section.items
  .map(
    (item) =>
      `<li><a href="${escapeHtml(lang.url(itemPath(item)))}" dir="auto">${escapeHtml(item.title)}</a><br><span dir="auto">${escapeHtml(item.excerpt)}</span></li>`,
  )
  .join('\n')}
</ul>`,
  )
  .join('\n')}
${end.html}`),
  };
}
