/**
 * An email's HTML, only on request, in a frame that can do nothing: `sandbox=""` (no scripts,
 * no forms, no same-origin, no top navigation), and its own CSP that forbids every load — no
 * remote images, no tracking pixels, no fonts, no CSS from elsewhere.
 */
const FRAME_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export const frameDocument = (html: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}"><base target="_blank"></head><body>${html}</body></html>`;

export function MessageHtml({ html }: { html: string }) {
  return (
    <iframe
      className="mail-html"
      title="The email's HTML (no scripts, no remote content)"
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={frameDocument(html)}
    />
  );
}
