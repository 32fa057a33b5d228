/** The white, bordered panel the pages are built of; padding and layout are the caller's. */
export const card = 'rounded-xl border border-stone-200 bg-white';
