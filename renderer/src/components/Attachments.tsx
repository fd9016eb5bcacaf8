/**
 * A message's attachments: name, type and size, each opened or saved. The name shown and saved
 * is the store's safe one; nothing is ever run. "Open" is offered only for types the browser
 * shows inertly (images, PDF, plain text), and then under that type alone: an HTML or SVG file
 * is only saved, and a save is always an octet stream, so the browser cannot render it here.
 */
import type { Attachment } from '../../../preload/contract';
import { api } from '../api';
import { fileSize } from '../format';
import { useApp } from '../store';

const INERT = /^(image\/(png|jpeg|gif|webp)|application\/pdf|text\/plain)$/i;

const bytesOf = (base64: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

export function Attachments({ messageId, items }: { messageId: string; items: readonly Attachment[] }) {
  const report = useApp((s) => s.report);
  if (items.length === 0) return null;
  const fetchBlob = async (index: number, type: string) => {
    const a = await api.inbox.attachment(messageId, index);
    return { name: a.filename, blob: new Blob([bytesOf(a.dataBase64)], { type }) };
  };
  const save = async (index: number) => {
    try {
      const { name, blob } = await fetchBlob(index, 'application/octet-stream');
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      report(e);
    }
  };
  const open = async (index: number, type: string) => {
    try {
      const { blob } = await fetchBlob(index, type.toLowerCase());
      const url = URL.createObjectURL(blob);
      window.open(url, '_blank', 'noopener');
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      report(e);
    }
  };
  return (
    <section className="attachments" aria-label={items.length === 1 ? '1 attachment' : `${items.length} attachments`}>
      <ul>
        {items.map((a, i) => (
          <li key={`${i}-${a.filename}`}>
            <span className="attachment-name">{a.filename}</span>{' '}
            <small>
              {a.contentType} · {fileSize(a.size)}
            </small>
            {INERT.test(a.contentType) && (
              <button type="button" className="link" onClick={() => void open(i, a.contentType)}>
                Open<span className="visually-hidden"> {a.filename}</span>
              </button>
            )}
            <button type="button" className="link" onClick={() => void save(i)}>
              Save<span className="visually-hidden"> {a.filename}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
