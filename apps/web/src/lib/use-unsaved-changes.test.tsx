import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES_MESSAGE, useUnsavedChanges } from './use-unsaved-changes';

/** A form that is dirty once typed in; "Save" releases and leaves, as the article form does after a save. */
function Form() {
  const [text, setText] = useState('');
  const { release } = useUnsavedChanges(text !== '');
  const navigate = useNavigate();
  return (
    <>
      <h1>Form</h1>
      <label>
        Text
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <button
        type="button"
        onClick={() => {
          release();
          void navigate('/elsewhere');
        }}
      >
        Save
      </button>
    </>
  );
}

const Elsewhere = () => <h1>Elsewhere</h1>;

function renderInDataRouter() {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <Form /> },
      { path: '/elsewhere', element: <Elsewhere /> },
    ],
    { initialEntries: ['/elsewhere', '/form'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const type = (value: string) => fireEvent.change(screen.getByLabelText('Text'), { target: { value } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useUnsavedChanges in a data router, as the app is', () => {
  const open = renderInDataRouter;

  it('leaves a clean form without asking', () => {
    const confirm = vi.spyOn(window, 'confirm');
    open();
    expect(heading()).toBe('Form');
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(heading()).toBe('Elsewhere');
  });

  it('asks before a link leaves an edited form, and stays when the answer is no', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    open();
    type('a draft');
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_MESSAGE);
    expect(heading()).toBe('Form');
    expect(screen.getByLabelText('Text')).toHaveProperty('value', 'a draft');
  });

  it('leaves an edited form when the answer is yes', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    open();
    type('a draft');
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(heading()).toBe('Elsewhere'));
  });

  it('does not ask after a save released the form', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    open();
    type('a draft');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(heading()).toBe('Elsewhere'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before the back button leaves an edited form', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const router = open();
    type('a draft');
    await act(() => router.navigate(-1));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_MESSAGE);
    await waitFor(() => expect(heading()).toBe('Form'));
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText('Text')).toHaveProperty('value', 'a draft');
  });

  it('makes a reload or a closed tab ask while edited, and only then', () => {
    open();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    type('a draft');
    expect(unload()).toBe(true);
    type('');
    expect(unload()).toBe(false);
  });
});
