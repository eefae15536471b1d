import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { unsavedChanges } from '../../lib/unsaved-changes.ts';
import { confirmLeavingUnsaved, UnsavedChangesPrompt, useFormChanges, useUnsavedChanges } from './unsaved-changes.tsx';

/** An editor with a draft, saved by a button that then goes to the list. */
function Editor() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const release = useUnsavedChanges(draft !== '');
  return (
    <>
      <input aria-label="draft" value={draft} onChange={(e) => setDraft(e.target.value)} />
      <button
        type="button"
        onClick={() => {
          release();
          navigate('/list');
        }}
      >
        save
      </button>
      <Link to="/list">list</Link>
    </>
  );
}

/** A form: what the person typed counts, set back to where it started it does not. */
function NameForm() {
  const [form] = Form.useForm<{ name: string }>();
  const initialValues = { name: 'Hall' };
  const changes = useFormChanges(form, initialValues);
  return (
    <Form form={form} initialValues={initialValues} onValuesChange={changes.onValuesChange}>
      <Form.Item name="name" label="name">
        <Input />
      </Form.Item>
      <span data-testid="dirty">{String(changes.dirty)}</span>
      <Button onClick={changes.release}>discard</Button>
    </Form>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        // As in the console: one prompt beside the pages.
        element: (
          <>
            <Outlet />
            <UnsavedChangesPrompt />
          </>
        ),
        children: [
          { path: '/edit', element: <Editor /> },
          { path: '/form', element: <NameForm /> },
          { path: '/list', element: <p>the list</p> },
        ],
      },
    ],
    { initialEntries: ['/list', path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const dialog = () => screen.queryByText('尚未儲存，確定離開？');

describe('the unsaved-changes guard', () => {
  it('leaving by a link with a draft asks; staying keeps the draft, leaving goes', async () => {
    const router = renderAt('/edit');
    fireEvent.change(screen.getByLabelText('draft'), { target: { value: 'T1' } });
    fireEvent.click(screen.getByText('list'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '留 下' }));
    await waitFor(() => expect(document.querySelector('.ant-modal.ant-zoom-leave')).not.toBeNull());
    expect(router.state.location.pathname).toBe('/edit');
    expect((screen.getByLabelText('draft') as HTMLInputElement).value).toBe('T1');

    // The browser's back button asks too (jsdom never ends the dialog's closing animation: it opens again).
    void router.navigate(-1);
    await waitFor(() => expect(document.querySelector('.ant-modal.ant-zoom-leave')).toBeNull());
    expect(router.state.location.pathname).toBe('/edit');
    fireEvent.click(screen.getByRole('button', { name: '離 開' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(unsavedChanges.has()).toBe(false);
  });

  it('saving, then leaving, does not ask; nor does leaving without a draft', async () => {
    const router = renderAt('/edit');
    fireEvent.click(screen.getByText('list'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    await router.navigate('/edit');
    fireEvent.change(await screen.findByLabelText('draft'), { target: { value: 'T1' } });
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(dialog()).toBeNull();
  });

  it('closing or reloading the tab with a draft asks through the browser', async () => {
    renderAt('/edit');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(screen.getByLabelText('draft'), { target: { value: 'T1' } });
    await waitFor(() => expect(unload()).toBe(true));
  });

  it('a form counts what the person changed, and forgets it when discarded', async () => {
    renderAt('/form');
    const input = screen.getByLabelText('name');
    expect(screen.getByTestId('dirty').textContent).toBe('false');
    fireEvent.change(input, { target: { value: 'Hall 2' } });
    await waitFor(() => expect(screen.getByTestId('dirty').textContent).toBe('true'));
    expect(unsavedChanges.has()).toBe(true);
    fireEvent.change(input, { target: { value: 'Hall' } });
    await waitFor(() => expect(screen.getByTestId('dirty').textContent).toBe('false'));
    expect(unsavedChanges.has()).toBe(false);
    fireEvent.change(input, { target: { value: 'Hall 3' } });
    await waitFor(() => expect(unsavedChanges.has()).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'discard' }));
    await waitFor(() => expect(unsavedChanges.has()).toBe(false));
  });

  it('signing out with changes asks first with the same dialog', async () => {
    renderAt('/form');
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'Hall 2' } });
    await waitFor(() => expect(unsavedChanges.has()).toBe(true));
    const stay = confirmLeavingUnsaved();
    await waitFor(() => expect(dialog()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '留 下' }));
    await expect(stay).resolves.toBe(false);
    const leave = confirmLeavingUnsaved();
    await waitFor(() => expect(screen.getByRole('button', { name: '離 開' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '離 開' }));
    await expect(leave).resolves.toBe(true);
    expect(unsavedChanges.has()).toBe(false);
  });
});
