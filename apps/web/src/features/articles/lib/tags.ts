import { normalizeTags } from '@scholar/shared';

/** The tags typed in the tags field (comma-separated), as the server will store them. */
export const tagsOfInput = (input: string): string[] => normalizeTags(input.split(/[,،]/));

/** The tags field's text of stored tags. */
export const inputOfTags = (tags: readonly string[]): string => tags.join(', ');
