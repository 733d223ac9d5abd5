import { Component, useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ka } from '../../i18n/ka';
import { en } from '../../i18n/en';
import { AlertDialog, ConfirmDialog, ConfirmProvider, useConfirm } from '../../src/widgets';
import { renderWithAdmin } from './render';

function Asker({ text = 'app.delete_confirm' }: { text?: string }) {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button onClick={async () => setAnswer(String(await confirm(text)))}>ask</button>
      <output>answer: {answer}</output>
    </>
  );
}

class Catch extends Component<{ children: ReactNode }, { message?: string }> {
  state: { message?: string } = {};
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  render() {
    return this.state.message ? <p>{this.state.message}</p> : this.props.children;
  }
}

const renderAsker = (locale: 'en' | 'ka' = 'en') =>
  renderWithAdmin(
    <ConfirmProvider>
      <Asker />
    </ConfirmProvider>,
    { locale },
  );

describe('useConfirm / ConfirmProvider', () => {
  it("asks under the title 'Attention' and resolves true on Yes", async () => {
    const user = userEvent.setup();
    renderAsker();
    await user.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attention' });
    expect(dialog.textContent).toContain('Are you sure you want to delete the record?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('answer: true')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('resolves false on No, and on Escape', async () => {
    const user = userEvent.setup();
    renderAsker();
    await user.click(screen.getByRole('button', { name: 'ask' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    expect(await screen.findByText('answer: false')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'ask' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('answer: true')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'ask' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('answer: false')).toBeTruthy();
  });

  it('speaks Georgian in the ka interface', async () => {
    const user = userEvent.setup();
    renderAsker('ka');
    await user.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog', { name: ka.app.attention });
    expect(ka.app.delete_confirm).not.toBe(en.app.delete_confirm);
    expect(dialog.textContent).toContain(ka.app.delete_confirm);
    expect(screen.getByRole('button', { name: ka.app.yes })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: ka.app.no }));
    expect(await screen.findByText('answer: false')).toBeTruthy();
  });

  it('useConfirm outside a ConfirmProvider says so', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Catch>
        <Asker />
      </Catch>,
    );
    expect(screen.getByText(/needs a <ConfirmProvider>/)).toBeTruthy();
    error.mockRestore();
  });
});

describe('ConfirmDialog', () => {
  it('is controlled: Yes calls onConfirm, No calls onClose, and the text can be any message', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderWithAdmin(<ConfirmDialog open text="Remove the bank account?" onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Attention' }).textContent).toContain('Remove the bank account?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', () => {
    renderWithAdmin(<ConfirmDialog open={false} text="app.delete_confirm" onConfirm={() => {}} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('AlertDialog', () => {
  it('shows title and text in an info alert by default while active', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithAdmin(<AlertDialog active title="app.attention" text="app.record_updated" onClose={onClose} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Attention');
    expect(alert.textContent).toContain('Record updated successfully');
    expect(alert.className).toMatch(/Info/);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('takes the mode as the severity and shows nothing when inactive', () => {
    const { rerender } = renderWithAdmin(<AlertDialog active mode="error" text="app.error" onClose={() => {}} />);
    expect(screen.getByRole('alert').className).toMatch(/Error/);
    expect(screen.getByRole('alert').textContent).toContain('Error');
    rerender(<></>);
    renderWithAdmin(<AlertDialog active={false} text="app.error" onClose={() => {}} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
