import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

export interface ConfirmOptions {
  /** A translation key or text; defaults to `app.attention`. */
  title?: string;
  translateOptions?: Record<string, unknown>;
  confirmLabel?: string;
  cancelLabel?: string;
}

/** Asks a yes/no question; resolves true for Yes, false for No, Escape or a click outside. */
export type Confirm = (text: ReactNode, options?: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Question extends ConfirmOptions {
  text: ReactNode;
  resolve: (answer: boolean) => void;
}

/** Renders the one confirm dialog that `useConfirm()` opens; the app wraps its layout in it. */
export const ConfirmProvider = ({ children }: { children: ReactNode }) => {
  const [question, setQuestion] = useState<Question | null>(null);
  const [open, setOpen] = useState(false);
  const pending = useRef<Question | null>(null);

  const answer = useCallback((value: boolean) => {
    pending.current?.resolve(value);
    pending.current = null;
    setOpen(false);
  }, []);

  const confirm = useCallback<Confirm>(
    (text, options = {}) =>
      new Promise<boolean>((resolve) => {
        // A new question replaces one left unanswered, which counts as 'No'.
        pending.current?.resolve(false);
        const next = { ...options, text, resolve };
        pending.current = next;
        setQuestion(next);
        setOpen(true);
      }),
    [],
  );

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {question && (
        <ConfirmDialog
          open={open}
          title={question.title}
          text={question.text}
          translateOptions={question.translateOptions}
          confirmLabel={question.confirmLabel}
          cancelLabel={question.cancelLabel}
          onConfirm={() => answer(true)}
          onClose={() => answer(false)}
        />
      )}
    </ConfirmContext.Provider>
  );
};

/** `const confirm = useConfirm(); if (await confirm('app.delete_confirm')) …` — needs a `<ConfirmProvider>` above. */
export const useConfirm = (): Confirm => {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it');
  return confirm;
};
