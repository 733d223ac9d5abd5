import { useState } from 'react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '../../src/widgets';
import { NotifyDialog } from '../../src/resources/notificationLogs/components';
import { renderWithAdmin } from './render';

/** A theme that counts how often a dialog of MUI's is drawn: each draw reads the theme's settings for it. */
function countingTheme() {
  const seen = { dialogs: 0 };
  const theme = createTheme();
  Object.defineProperty((theme.components ??= {}), 'MuiDialog', {
    get: () => {
      seen.dialogs++;
      return undefined;
    },
  });
  return { theme, seen };
}

function Row({ n }: { n: number }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button onClick={() => setOpen(true)}>ask {n}</button>
      <ConfirmDialog
        open={open}
        text={`question ${n}`}
        onConfirm={() => setOpen(false)}
        onClose={() => setOpen(false)}
      />
      <NotifyDialog message={null} onClose={() => undefined} />
    </div>
  );
}

describe("a list's rows with dialogs of their own", () => {
  it('render no dialog until one opens; the opened one shows, and leaves again when answered', async () => {
    const user = userEvent.setup();
    const { theme, seen } = countingTheme();
    renderWithAdmin(
      <ThemeProvider theme={theme}>
        {Array.from({ length: 10 }, (_, n) => (
          <Row key={n} n={n} />
        ))}
      </ThemeProvider>,
    );
    await screen.findByRole('button', { name: 'ask 9' });
    expect(seen.dialogs).toBe(0);
    await user.click(screen.getByRole('button', { name: 'ask 3' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('question 3');
    expect(seen.dialogs).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
