/**
 * Settings' undo window: the number as it is typed, saved only when the app can take it. A value
 * it cannot take says so at the field and saves nothing; the field emptied on the way to another
 * number once saved 0 (no undo window at all) until the next digit.
 */
import { useId, useState } from 'react';

const MAX_SECONDS = 600;

export function UndoWindowField({ seconds, onSave }: { seconds: number; onSave: (seconds: number) => void }) {
  const [text, setText] = useState(String(seconds));
  // A change made elsewhere (the command line, another window) shows here: adjusted while
  // rendering, as React advises for state that follows a prop.
  const [shown, setShown] = useState(seconds);
  if (seconds !== shown) {
    setShown(seconds);
    setText(String(seconds));
  }
  const errorId = useId();
  const valid = (t: string) =>
    t.trim() !== '' && Number.isInteger(Number(t)) && Number(t) >= 0 && Number(t) <= MAX_SECONDS;
  const ok = valid(text);
  // The error stands after the label, not in it: inside, it would be read again as the field's name.
  return (
    <>
      <label>
        Undo window (seconds you have to undo a send or an approval before it is carried out)
        <input
          type="number"
          min={0}
          max={MAX_SECONDS}
          value={text}
          aria-invalid={!ok}
          aria-describedby={ok ? undefined : errorId}
          onChange={(e) => {
            setText(e.target.value);
            if (valid(e.target.value)) onSave(Number(e.target.value));
          }}
        />
      </label>
      {!ok && (
        <p className="field-error" id={errorId} role="alert">
          The undo window is a whole number of seconds, from 0 to {MAX_SECONDS}.
        </p>
      )}
    </>
  );
}
