/**
 * The pieces Settings' lists share (accounts, providers): a row's Test and Remove buttons with
 * the test's answer beside them (Remove asks first, saying what goes; Escape or "Keep it" keeps it), and an "Add…" button that opens a form with Add and Cancel.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useApp } from '../store';

export function RowActions({
  onTest,
  onRemove,
  removing,
}: {
  onTest: () => Promise<string>;
  onRemove: () => Promise<unknown>;
  /** The question asked before removing: what goes, and what stays. */
  removing: string;
}) {
  const [result, setResult] = useState('');
  const [asking, setAsking] = useState(false);
  const report = useApp((s) => s.report);
  // The button that was pressed goes away with the question's answer, so focus follows: to the
  // safe answer when asked, back to Remove when kept (never lost to the page).
  const keep = useRef<HTMLButtonElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  useEffect(() => {
    if (asking) keep.current?.focus();
    else if (answered.current) remove.current?.focus();
  }, [asking]);
  const keepIt = () => {
    answered.current = true;
    setAsking(false);
  };
  return (
    <>
      <button type="button" onClick={() => onTest().then(setResult).catch(report)}>
        Test
      </button>
      {asking ? (
        <span
          className="confirm-remove"
          role="group"
          aria-label="Remove it?"
          onKeyDown={(e) => {
            // Escape keeps it, and goes no further (the screen's own Escape is for something else).
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            keepIt();
          }}
        >
          <span>{removing}</span>
          <button type="button" className="reject" onClick={() => onRemove().catch(report)}>
            Yes, remove
          </button>
          <button type="button" ref={keep} onClick={keepIt}>
            Keep it
          </button>
        </span>
      ) : (
        <button type="button" className="reject" ref={remove} onClick={() => setAsking(true)}>
          Remove
        </button>
      )}
      {result && <span role="status">{result}</span>}
    </>
  );
}

/**
 * A form that opens in place of the button that opened it: the cursor goes to its first field
 * (a person starts typing at once), Escape closes it as Cancel does, and once it is closed the
 * cursor is back on the button (never lost to the page, where Tab would start over).
 */
export function useFormInPlace(open: boolean, close: () => void) {
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open) form.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const onKeyDown = (e: KeyboardEvent) => {
    // The screen's own Escape is for something else.
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close();
  };
  return { form, opener, onKeyDown };
}

export function AddForm(props: {
  readonly label: string;
  readonly openText: string;
  readonly submitText: string;
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
  readonly onSubmit: () => void;
  readonly children: ReactNode;
  /** The form checks its fields itself and says what is wrong at each, in words. */
  readonly noValidate?: boolean;
}) {
  const { form, opener, onKeyDown } = useFormInPlace(props.open, () => props.setOpen(false));
  if (!props.open)
    return (
      <button type="button" ref={opener} onClick={() => props.setOpen(true)}>
        {props.openText}
      </button>
    );
  return (
    <form
      ref={form}
      className="form-grid"
      aria-label={props.label}
      onKeyDown={onKeyDown}
      noValidate={props.noValidate}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      {/* Named on screen as on the sign-in form: a form opened in place says what it is for. */}
      <h3>{props.label}</h3>
      {props.children}
      <div className="actions">
        <button type="submit" className="approve">
          {props.submitText}
        </button>
        <button type="button" onClick={() => props.setOpen(false)}>
          Cancel (Escape)
        </button>
      </div>
    </form>
  );
}
