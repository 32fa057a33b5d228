import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Book, CreateBookFields } from '@scholar/shared';
import { API_BASE, api, ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { tokens } from '../../../lib/storage';
import { SubmissionKeys } from '../../../lib/submission-keys';

export interface CreateBookInput {
  fields: CreateBookFields;
  images: File[];
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

const FALLBACK = 'Failed to create book';

/** The new book form's Idempotency-Keys: a retry of the same book and images adds it once. */
const submissions = new SubmissionKeys();

/** What makes two submissions the same: the fields and each image (by name, size, type and date). */
const requestOf = ({ fields, images }: CreateBookInput) =>
  JSON.stringify({
    fields,
    images: images.map((image) => [image.name, image.size, image.type, image.lastModified]),
  });

function toFormData({ fields, images }: CreateBookInput): FormData {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('description', fields.description);
  form.append('author', fields.author);
  form.append('price', String(fields.price));
  // Each language with its stock (null: not tracked) and its own price (null: the book's), as JSON text.
  if (fields.editions) form.append('editions', JSON.stringify(fields.editions));
  // Its words in Urdu and Bengali, as JSON text too.
  if (fields.translations) form.append('translations', JSON.stringify(fields.translations));
  for (const image of images) form.append('images', image, image.name);
  return form;
}

interface Answer {
  status: number;
  body: {
    success?: boolean;
    data?: Book;
    error?: string;
    code?: string;
    details?: ApiError['details'];
  } | null;
}

/** One multipart POST through XMLHttpRequest, whose upload events give the progress that fetch cannot. */
function send(form: FormData, key: string, onProgress?: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/books`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('Idempotency-Key', key);
    const access = tokens.access();
    if (access) xhr.setRequestHeader('authorization', `Bearer ${access}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let body: Answer['body'];
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as Answer['body']) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    });
    xhr.addEventListener('error', () => reject(new ApiError(FALLBACK, 0, 'NETWORK_ERROR')));
    xhr.addEventListener('abort', () => reject(new ApiError(FALLBACK, 0, 'ABORTED')));
    xhr.send(form);
  });
}

/**
 * `POST /books` as multipart with the images, with the form's Idempotency-Key. An expired access token (401) is
 * renewed through the API client's refresh, by asking for the session once, and the upload is sent again; a
 * failed refresh ends the session there.
 */
export async function createBook(input: CreateBookInput): Promise<Book> {
  const form = toFormData(input);
  const key = submissions.keyFor(requestOf(input));
  let answer = await send(form, key, input.onProgress);
  if (answer.status === 401 && tokens.refresh()) {
    await api('/auth/me', { fallbackError: FALLBACK });
    input.onProgress?.(0);
    answer = await send(form, key, input.onProgress);
  }
  const { status, body } = answer;
  if (status >= 200 && status < 300 && body?.success && body.data) {
    submissions.succeeded(key);
    return body.data;
  }
  throw new ApiError(body?.error ?? FALLBACK, status, body?.code ?? 'HTTP_ERROR', body?.details);
}

/** Adds a book; the lists are refetched and the new book's detail is known at once. */
export function useCreateBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBook,
    onSuccess: async (book) => {
      queryClient.setQueryData(queryKeys.books.detail(book._id), book);
      await queryClient.invalidateQueries({ queryKey: queryKeys.books.lists() });
    },
  });
}
