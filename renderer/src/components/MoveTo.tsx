/**
 * Inbox → Move to…: the folders of the message's account (on a real account the server moves it
 * first). Keyboard: `v` opens it, arrows pick, Enter moves, Escape closes.
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '../api';
import { useApp } from '../store';

export function MoveTo({
  id,
  current,
  onMove,
  onClose,
}: {
  id: string;
  current: string;
  onMove: (folder: string) => void;
  onClose: () => void;
}) {
  const [folders, setFolders] = useState<string[] | null>(null);
  const [folder, setFolder] = useState('');
  const select = useRef<HTMLSelectElement>(null);
  const report = useApp((s) => s.report);
  useEffect(() => {
    api.inbox
      .folders(id)
      .then((all) => {
        const others = all.filter((f) => f !== current);
        setFolders(others);
        setFolder(others[0] ?? '');
      })
      .catch(report);
  }, [id, current, report]);
  useEffect(() => select.current?.focus(), [folders]);
  if (!folders) return null;
  return (
    <form
      className="move-to"
      aria-label="Move to a folder"
      onSubmit={(e) => {
        e.preventDefault();
        if (folder) onMove(folder);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <label>
        Move to
        <select ref={select} value={folder} onChange={(e) => setFolder(e.target.value)}>
          {folders.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="approve" disabled={!folder}>
        Move
      </button>
      <button type="button" onClick={onClose}>
        Cancel
      </button>
    </form>
  );
}
