import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import { BOOK_IMAGE_LIMITS, BOOK_MESSAGES } from '@scholar/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';

/** Text fields of an upload form are short; a book description is the longest (10,000 characters). */
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 20;

/** The limits busboy enforces while the body streams in, so nothing larger is ever held in memory. */
export const IMAGE_FORM_LIMITS = {
  fileSize: BOOK_IMAGE_LIMITS.maxBytes,
  files: BOOK_IMAGE_LIMITS.maxFiles,
  fields: MAX_FIELDS,
  fieldSize: MAX_FIELD_BYTES,
  parts: BOOK_IMAGE_LIMITS.maxFiles + MAX_FIELDS,
  headerPairs: 100,
} as const;

/**
 * Registers multipart parsing in the calling plugin scope only (other scopes keep answering 415 to it). The
 * body is read by `readImageForm` in the route; nothing is written to disk while it streams.
 */
export async function registerImageForms(scope: FastifyInstance): Promise<void> {
  const options: FastifyMultipartOptions = { limits: IMAGE_FORM_LIMITS, throwFileSizeLimit: true };
  await scope.register(multipart, options);
}

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface ImageForm {
  /** The first value of each text field. */
  fields: Record<string, string>;
  /** The file parts of `fileField`, in order; an empty part (a file input left empty) is skipped. */
  files: UploadedFile[];
}

/** Multipart failures as the envelope's sentences: oversize → 413, too many images → 400, broken body → 400. */
function formFailure(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'IMAGE_TOO_LARGE', BOOK_MESSAGES.imageTooLarge);
    case 'FST_FILES_LIMIT':
      return badRequest(BOOK_MESSAGES.tooManyImages, 'TOO_MANY_IMAGES');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, 'TOO_MANY_FIELDS', 'The form has too many fields');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('The form could not be read', 'INVALID_FORM');
    default:
      break;
  }
  if (error instanceof AppError) return error;
  if (error instanceof Error && /multipart|unexpected end|part|boundary/i.test(error.message)) {
    return badRequest('The upload was incomplete or malformed. Please try again.', 'INVALID_FORM');
  }
  return error;
}

/**
 * Reads a multipart form into memory within IMAGE_FORM_LIMITS (at most 10 files of 5 MB). File parts other
 * than `fileField` are refused; text fields longer than the limit too (busboy would cut them silently).
 */
export async function readImageForm(request: FastifyRequest, fileField: string): Promise<ImageForm> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) {
          throw new AppError(413, 'FIELD_TOO_LONG', `The field "${part.fieldname}" is too long`);
        }
        if (!Object.hasOwn(fields, part.fieldname) && typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname !== fileField) {
        part.file.resume();
        throw badRequest(`Images must be sent in the field "${fileField}"`, 'UNEXPECTED_FILE_FIELD');
      }
      const data = await part.toBuffer();
      if (data.length === 0 && !part.filename) continue;
      files.push({ field: part.fieldname, filename: part.filename, data });
    }
  } catch (error) {
    throw formFailure(error);
  }
  return { fields, files };
}
