import { badRequest } from './errors';

/** Where an item stands in its translation group: its id, and the first of the group it translates (or null). */
export interface TranslationLink {
  id: string;
  translationOf: string | null;
}

const invalid = (message: string) =>
  badRequest(message, 'TRANSLATION_INVALID', [{ path: 'body.translationOf', message }]);

/**
 * The `translation_of` to store for a sent link (docs/decisions/041): undefined when none was sent (the link stays),
 * null to unlink, else the first of the target's group, so that every member of a group points to the same item and
 * each can list the others. The target must be an existing item of the same kind (`find` looks in its table), and
 * not the item itself (`self`, on an edit); a link to an item of the item's own group leaves it where it is.
 */
export async function translationRoot(
  sent: string | null | undefined,
  self: TranslationLink | undefined,
  find: (id: string) => Promise<TranslationLink | undefined>,
  kind: 'fatwah' | 'article',
): Promise<string | null | undefined> {
  if (sent === undefined || sent === null) return sent;
  if (sent === self?.id)
    throw invalid(`${kind === 'article' ? 'An' : 'A'} ${kind} cannot be a translation of itself`);
  const target = await find(sent);
  if (!target) throw invalid(`Translation of: there is no ${kind} with this id`);
  const root = target.translationOf ?? target.id;
  if (self && (root === self.id || root === self.translationOf)) return self.translationOf;
  return root;
}
