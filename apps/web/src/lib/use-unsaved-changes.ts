import { useCallback, useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, type BlockerFunction } from 'react-router';

/** What the browser's confirm asks before an edited form is left. */
export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

export interface UnsavedChanges {
  /**
   * Stops asking until the form is edited again: call it after a successful save, before navigating away
   * (the state that makes the form clean may not have rendered yet).
   */
  release: () => void;
}

/** In a data router (createBrowserRouter, createMemoryRouter): its own blocker, asking with the confirm dialog. */
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

/** Outside a data router (a component test's `<MemoryRouter>`) nothing can hold a navigation back. */
function useNoBlock(): void {}

/**
 * While `dirty`, leaving the page asks first: a reload, closing the tab or following an outside link shows the
 * browser's own "Leave site?" prompt (beforeunload); a navigation inside the app (a link, `navigate()`, the back
 * and forward buttons) asks with the browser's confirm dialog (`message`), which the keyboard answers (Enter,
 * Escape) and screen readers announce. Staying keeps the form as it is.
 *
 * In-app navigations are held back by the data router's `useBlocker` (the app is one: `createBrowserRouter` in
 * main.tsx); inside a plain `<MemoryRouter>` only the reload prompt is there.
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
  const useBlock = dataRouter ? useDataRouterBlock : useNoBlock;
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
