/**
 * "Approve and always allow": shows only the narrow policy change (the addresses that join the
 * recipient allowlist, as a diff of the lines that change), then saves exactly that and approves
 * the claim at the hash its card showed, in one call. The app refuses it for a look-alike or an
 * address an email chose; the refusal is shown here in words.
 */
import { useEffect, useState } from 'react';
import type { ClaimView } from '../../../preload/contract';
import { api, errorText } from '../api';
import { Diff } from './Diff';

type Proposal = Awaited<ReturnType<typeof api.claims.proposeOverride>>;

export function AlwaysAllow({
  c,
  onApproved,
  onClose,
}: {
  c: ClaimView;
  onApproved: (v: ClaimView) => void;
  onClose: () => void;
}) {
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.claims
      .proposeOverride(c.id)
      .then(setProposal)
      .catch((e: unknown) => setRefused(errorText(e)));
  }, [c.id]);
  const save = async () => {
    if (!proposal) return;
    setBusy(true);
    try {
      onApproved(await api.claims.alwaysAllow(c.id, c.contentHash, proposal.version));
    } catch (e) {
      setRefused(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="override" role="dialog" aria-label="Always allow">
      {refused ? (
        <p className="refused" role="alert">
          Not offered: {refused}
        </p>
      ) : !proposal ? (
        <p>Working out the narrowest change…</p>
      ) : (
        <>
          <h3>Always allow sending to {proposal.added.join(', ') || 'these recipients (already allowed)'}</h3>
          <p>Only these lines of your policy change:</p>
          <Diff before={proposal.before} after={proposal.after} />
          <button type="button" className="approve" disabled={busy} onClick={() => void save()}>
            Save this change and approve
          </button>
        </>
      )}
      <button type="button" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}
