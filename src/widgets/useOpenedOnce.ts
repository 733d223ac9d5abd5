import { useState } from 'react';

/**
 * Whether a dialog has ever been open: it mounts on its first opening and stays for its closing transition. A list's
 * rows each carry closed dialogs of their own, and mounting every one of them cost each page its render time.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
