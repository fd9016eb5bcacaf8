/**
 * What the claim sends or changes, as its recipients will see it: the mail (From, To, Cc,
 * subject, body, attachments) or the event (title, when in your zone, how it repeats, place, guests, who is
 * notified, and the notes every guest gets), from the action's effect, never from text the plan wrote about it.
 */
import type { ClaimPreview as Preview } from '../../../preload/contract';

const kb = (n: number) => (n < 1024 ? `${n} B` : `${Math.round(n / 1024)} KB`);

/** An answer to an invitation as a calendar asks it ("Going?"), not the protocol's lower-case word. */
const ANSWER_WORDS: Readonly<Record<string, string>> = { accepted: 'Yes', declined: 'No', tentative: 'Maybe' };
const answerWords = (r: string | undefined): string => (r ? (ANSWER_WORDS[r] ?? r) : '');

function Row({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <div className="preview-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function ClaimPreview({ p }: { p: Preview }) {
  if (p.kind === 'mail')
    return (
      <section className="claim-preview" aria-label="The message as its recipients will see it">
        <dl>
          <Row label="From" value={p.from} />
          <Row label="To" value={p.to.join(', ')} />
          <Row label="Cc" value={p.cc.join(', ')} />
          <Row label="Subject" value={p.subject} />
        </dl>
        <pre className="preview-body" tabIndex={0} aria-label="Message text">
          {p.body || '(no text)'}
        </pre>
        {p.attachments.length > 0 && (
          <p className="attachments">
            Attached: {p.attachments.map((a) => `${a.filename} (${kb(a.size)})`).join(', ')}
          </p>
        )}
      </section>
    );
  if (p.kind === 'event')
    return (
      <section className="claim-preview" aria-label="The event as its guests will see it">
        <dl>
          <Row label="Event" value={p.title} />
          <Row label="When" value={p.when} />
          <Row label="Series" value={p.repeats ?? ''} />
          <Row label="Where" value={p.location} />
          <Row label="Guests" value={p.attendees.join(', ')} />
          <Row label="Notified" value={p.notified.join(', ')} />
          <Row label="Going?" value={answerWords(p.response)} />
          <Row label="Notes" value={p.description} />
        </dl>
      </section>
    );
  return (
    <section className="claim-preview" aria-label="The email it changes">
      <dl>
        <Row label="Email" value={p.email} />
        <Row label="Folder" value={p.folder ?? ''} />
        <Row label="Label" value={p.label ?? ''} />
      </dl>
    </section>
  );
}
