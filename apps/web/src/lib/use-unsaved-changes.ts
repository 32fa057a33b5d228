import { useCallback, useContext, useEffect, useRef } from 'react';
import {
  UNSAFE_DataRouterContext,
  UNSAFE_NavigationContext,
  useBlocker,
  type BlockerFunction,
  type Navigator,
  type To,
} from 'react-router';

/** What the browser's confirm asks before an edited form is left. */
export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

export interface UnsavedChanges {
  /**
   * Stops asking until the form is edited again: call it after a successful save, before navigating away
   * (the state that makes the form clean may not have rendered yet).
   */
  release: () => void;
}

/** `pathname + search` of a navigation target (a hash-only change is not leaving). */
function pathOf(to: To): string {
  const url = new URL(
    typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}`,
    window.location.href,
  );
  return url.pathname + url.search;
}

const currentPath = () => window.location.pathname + window.location.search;

/** The index BrowserRouter keeps in each history entry's state (`{usr, key, idx}`). */
function entryIndex(state: unknown): number | undefined {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}

/** In a data router (createBrowserRouter, createMemoryRouter): its own blocker, asking with `confirmLeave`. */
function useDataRouterBlock(mayLeave: () => boolean): void {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      !mayLeave(),
    [mayLeave],
  );
  const blocker = useBlocker(shouldBlock);
  // The visitor chose to stay: the blocked navigation is dropped (the router already undid a back/forward step).
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);
}

/**
 * In a `<BrowserRouter>` (no data router, so no useBlocker): links and `navigate()` go through the navigator's
 * `push`/`replace`, which are wrapped while the form is mounted. The back and forward buttons fire `popstate`, which
 * the router hears first (listeners run in the order they were added) and turns into a pending transition; when the
 * visitor stays, this entry is pushed again and the router told at once (a `popstate` of our own), so the pending
 * change is replaced before it renders and the form keeps its state. (Shown in jsdom; in Chromium the journey saw
 * Back leave without asking, so a data router's useBlocker is the sure way: docs/decisions/024.)
 */
function useHistoryBlock(mayLeave: () => boolean): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);

  useEffect(() => {
    const nav = navigator as Navigator;
    const { push, replace } = nav;
    /** This form's history entry: its state (`{usr, key, idx}`) and address. */
    let entry = { state: window.history.state as unknown, url: window.location.href };
    let restoring = false;

    const guarded =
      (go: Navigator['push']): Navigator['push'] =>
      (to, state, options) => {
        if (pathOf(to) !== currentPath() && !mayLeave()) return;
        go.call(nav, to, state, options);
        entry = { state: window.history.state as unknown, url: window.location.href };
      };
    nav.push = guarded(push);
    nav.replace = guarded(replace);

    const onPopState = (event: PopStateEvent) => {
      if (restoring) return;
      const next = entryIndex(event.state);
      const index = entryIndex(entry.state);
      // Without both indexes (or on the same entry: a hash change) there is nothing to hold back.
      if (next === undefined || index === undefined || next === index) return;
      if (mayLeave()) return;
      restoring = true;
      try {
        window.history.pushState(entry.state, '', entry.url);
        window.dispatchEvent(new PopStateEvent('popstate', { state: entry.state }));
      } finally {
        restoring = false;
      }
    };
    window.addEventListener('popstate', onPopState);

    return () => {
      nav.push = push;
      nav.replace = replace;
      window.removeEventListener('popstate', onPopState);
    };
  }, [navigator, mayLeave]);
}

/**
 * While `dirty`, leaving the page asks first: a reload, closing the tab or following an outside link shows the
 * browser's own "Leave site?" prompt (beforeunload); a navigation inside the app (a link, `navigate()`, the back
 * and forward buttons) asks with the browser's confirm dialog (`message`), which the keyboard answers (Enter,
 * Escape) and screen readers announce. Staying keeps the form as it is.
 *
 * Works in a `<BrowserRouter>` (the app) and in a data router (createMemoryRouter in tests).
 */
export function useUnsavedChanges(dirty: boolean, message: string = UNSAVED_CHANGES_MESSAGE): UnsavedChanges {
  const dirtyRef = useRef(dirty);
  const releasedRef = useRef(false);
  const messageRef = useRef(message);
  useEffect(() => {
    dirtyRef.current = dirty;
    messageRef.current = message;
    // Editing again after a release (a save that failed and was retried, say) asks again.
    if (!dirty) releasedRef.current = false;
  }, [dirty, message]);

  /** True when nothing is unsaved, or when the visitor confirms leaving. */
  const mayLeave = useCallback(
    () => !dirtyRef.current || releasedRef.current || window.confirm(messageRef.current),
    [],
  );

  // The kind of router never changes while a component is mounted, so the same hook runs on every render.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const useBlock = dataRouter ? useDataRouterBlock : useHistoryBlock;
  useBlock(mayLeave);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (releasedRef.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const release = useCallback(() => {
    releasedRef.current = true;
  }, []);
  return { release };
}
