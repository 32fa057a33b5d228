/**
 * `make`'s value, made at the first call and answered by every later one: for a value that is the same for every
 * app in the process and never changes (files read once, a hash computed once), so that it needs no module-level
 * `let` (test/architecture/module-state.test.ts).
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
