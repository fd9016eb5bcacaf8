/** An invitation a message carries: the event, and Accept / Tentative / Decline (the calendar's own answer). */
import { useState } from 'react';
import type { Invitation, InvitationAnswer } from '../../../preload/contract';
import { api } from '../api';
import { formatSpan } from '../time-format';
import { useApp } from '../store';

const ANSWERS: readonly { answer: InvitationAnswer; label: string; done: string }[] = [
  { answer: 'accepted', label: 'Accept', done: 'Accepted' },
  { answer: 'tentative', label: 'Tentative', done: 'Tentatively accepted' },
  { answer: 'declined', label: 'Decline', done: 'Declined' },
];

export function InvitationCard({ messageId, invitation }: { messageId: string; invitation: Invitation }) {
  const [response, setResponse] = useState(invitation.response);
  const [busy, setBusy] = useState(false);
  const { setStatus, report } = useApp();
  const answer = async (a: (typeof ANSWERS)[number]) => {
    setBusy(true);
    try {
      await api.inbox.respond(messageId, a.answer);
      setResponse(a.answer);
      setStatus({ text: `${a.done}: “${invitation.title}”. ${invitation.organizer} will be told.`, tone: 'ok' });
    } catch (e) {
      report(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="invitation" aria-label="Invitation">
      <h2>{invitation.title}</h2>
      <p>
        {formatSpan(invitation.start, invitation.end)}
        {invitation.location && <> · {invitation.location}</>}
      </p>
      <p className="meta">Organised by {invitation.organizer}</p>
      <div className="actions" role="group" aria-label="Your answer">
        {ANSWERS.map((a) => (
          <button
            key={a.answer}
            type="button"
            aria-pressed={response === a.answer}
            className={response === a.answer ? 'approve' : ''}
            disabled={busy || invitation.eventId === null}
            onClick={() => void answer(a)}
          >
            {a.label}
          </button>
        ))}
      </div>
      {invitation.eventId === null && (
        <p className="meta">This event is not on your calendar yet: sync the calendar to answer.</p>
      )}
      {response && <p className="meta">Your answer: {ANSWERS.find((a) => a.answer === response)?.done ?? response}.</p>}
    </section>
  );
}
