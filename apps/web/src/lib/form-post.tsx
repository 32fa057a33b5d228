import { formList, formText, type FormPost, type PageFormName } from '@scholar/shared';
import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Refusal } from './form-errors';

/**
 * A public form sent to the page's own address before the app ran (a slow phone, or JavaScript off), and the API's
 * answer to it (docs/decisions/063): the server renders the page showing what came of it, and the browser's first
 * render, from the page data, shows the same.
 */
const FormPostContext = createContext<FormPost | undefined>(undefined);

export function FormPostProvider({ post, children }: { post: FormPost | undefined; children: ReactNode }) {
  return <FormPostContext.Provider value={post}>{children}</FormPostContext.Provider>;
}

/**
 * The post of the form `name` the page was rendered for: only on the page it was sent to, the first one the app
 * shows (a page reached afterwards, in the app, was sent nothing).
 */
export function useFormPost(name: PageFormName): FormPost | undefined {
  const post = useContext(FormPostContext);
  const { key } = useLocation();
  return post?.form === name && key === 'default' ? post : undefined;
}

/** A field of a post as one text; '' when it was not sent. */
export const postedText = (post: FormPost, field: string): string => formText(post.values, field);

/** A field of a post as a list (the categories ticked); empty when it was not sent. */
export const postedList = (post: FormPost, field: string): string[] => formList(post.values, field);

/** The refusal in an API answer: its sentence and its field details, as `ApiError` carries them. */
export function postRefusal(post: FormPost): Refusal {
  const body = (post.answer.body ?? {}) as { error?: unknown; details?: unknown };
  const details = Array.isArray(body.details)
    ? body.details.filter(
        (detail): detail is { path: string; message: string } =>
          typeof (detail as { path?: unknown }).path === 'string' &&
          typeof (detail as { message?: unknown }).message === 'string',
      )
    : [];
  return { message: typeof body.error === 'string' ? body.error : undefined, details };
}

/** Whether the API took the form. */
export const postTaken = (post: FormPost) => post.answer.status >= 200 && post.answer.status < 300;
