/** A language's compiled messages (catalogues.ts turns src/locales/<language>.json into this). */
declare module 'virtual:catalogue/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
