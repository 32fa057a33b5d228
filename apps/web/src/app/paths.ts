/** Moved to `@scholar/shared` (routes.ts), with the public pages' first reads; import it from there. */
export { paths } from '@scholar/shared';
