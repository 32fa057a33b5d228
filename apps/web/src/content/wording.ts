/**
 * The shape of a page's wording in another language: the English wording's shape with any text in its place;
 * the keys, kinds, ids and image paths that name settings and files stay as they are.
 */
export type Wording<T> = T extends string
  ? string
  : T extends number
    ? T
    : T extends readonly (infer U)[]
      ? readonly Wording<U>[]
      : { readonly [K in keyof T]: K extends 'key' | 'kind' | 'id' | 'src' ? T[K] : Wording<T[K]> };
