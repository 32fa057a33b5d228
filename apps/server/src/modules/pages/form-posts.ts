import { createHmac } from 'node:crypto';
import {
  API_BASE,
  formList,
  formText,
  PAGE_FORM_FIELD,
  PAGE_FORMS,
  SITE_LOCALE_HEADER,
  type CallFormName,
  type FormFields,
  type FormPost,
  type Locale,
  type PageFormName,
} from '@scholar/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The public forms a page can be sent without the app's script (docs/decisions/063): a reader whose page has not
 * run its script yet (a slow phone) or never will (JavaScript off) sends the form to the page's own address, as a
 * plain HTML form does. The server makes the call the app would have made, through the same API route (its
 * validation, rate limits and mail, as from the reader's own address), and the page is rendered showing the answer.
 */

/** The largest form body taken: the question form's longest question, in the widest encoding, and its fields. */
export const FORM_BODY_LIMIT = 64 * 1024;

/** A form's body as sent (`application/x-www-form-urlencoded`). */
export function parseFormBody(body: string): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const known = fields[name];
    fields[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return fields;
}

/** What each form calls, with the body the app would send for the same fields. */
const CALLS: Record<CallFormName, { url: string; body: (fields: FormFields) => Record<string, unknown> }> = {
  subscribe: {
    url: `${API_BASE}/subscriptions`,
    body: (fields) => ({
      email: formText(fields, 'email').trim(),
      fatwahs: formText(fields, 'fatwahs') !== '',
      articles: formText(fields, 'articles') !== '',
      frequency: formText(fields, 'frequency') || 'immediate',
    }),
  },
  question: {
    url: `${API_BASE}/fatwahs/submit`,
    body: (fields) => {
      const askerName = formText(fields, 'askerName').trim();
      const askerEmail = formText(fields, 'askerEmail').trim();
      const website = formText(fields, 'website');
      return {
        question: formText(fields, 'question'),
        categories: formList(fields, 'categories'),
        ...(askerName ? { askerName } : {}),
        ...(askerEmail ? { askerEmail } : {}),
        // As the app sends it: only when ticked, and only with a name to show.
        ...(askerName && formText(fields, 'showAskerName') !== '' ? { showAskerName: true } : {}),
        ...(website ? { website } : {}),
      };
    },
  },
};

/** Which form the fields are of; undefined for none of the page forms. */
export function formOf(fields: FormFields): PageFormName | undefined {
  const name = formText(fields, PAGE_FORM_FIELD);
  return (PAGE_FORMS as readonly string[]).includes(name) ? (name as PageFormName) : undefined;
}

/**
 * Whether a post comes from another site's page, as the browser tells: `Sec-Fetch-Site`, which every current
 * browser sends, or else an `Origin` that is not this site's. (`Origin: null` alone is not another site: the
 * site's own pages send it, as their referrer policy keeps their address to themselves.) A form of this site's
 * pages is never such a post; another site's is refused, so that no page elsewhere can make readers' browsers ask
 * questions or subscribe addresses in their name.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return false;
  try {
    const own = new Set([new URL(publicUrl).origin, new URL(`${request.protocol}://${request.host}`).origin]);
    return !own.has(new URL(origin).origin);
  } catch {
    return true;
  }
}

/**
 * Makes the form's call as the app would, from the reader's address and in the page's language, and answers the
 * post the page is rendered with. A post sent again (the reader reloads the answer) is the same call: it carries an
 * `Idempotency-Key` made from the reader's address and the fields, so a question is asked once.
 */
export async function sendForm(
  app: FastifyInstance,
  request: FastifyRequest,
  form: CallFormName,
  fields: FormFields,
  locale: Locale,
): Promise<FormPost> {
  const call = CALLS[form];
  const body = call.body(fields);
  const key = createHmac('sha256', `page-form:${app.config.jwtSecret ?? ''}`)
    .update(JSON.stringify([form, request.ip, body]))
    .digest('base64url');
  const res = await app.inject({
    method: 'POST',
    url: call.url,
    remoteAddress: request.ip,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      [SITE_LOCALE_HEADER]: locale,
      'idempotency-key': key,
      ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
    },
    payload: JSON.stringify(body),
  });
  let answer: unknown;
  try {
    answer = res.json();
  } catch {
    answer = {};
  }
  return formPostOf(form, fields, { status: res.statusCode, body: answer });
}

/** A form's post as the page is rendered with it: the fields to show again (the form's own, never the hidden one). */
export function formPostOf(form: PageFormName, fields: FormFields, answer: FormPost['answer']): FormPost {
  const { [PAGE_FORM_FIELD]: _form, ...values } = fields;
  return { form, values, answer };
}
