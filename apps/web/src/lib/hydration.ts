/**
 * Whether the app started on a page the server rendered: its first render must then produce the server's HTML
 * exactly, so that what only the browser knows (the stored session) is read once the page has hydrated, by an
 * effect, not by the first render. Set by main.tsx before it hydrates; the server's renderer reads nothing stored.
 */
export const hydration: { fromServer: boolean; publicUrl?: string } = { fromServer: false };
