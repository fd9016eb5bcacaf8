/**
 * The default preset with `calendar/update-no-attendees` as it was before red-team round 7: any
 * change to an event without attendees runs on its own, whatever decided it. The default policy
 * now asks when an email's text decided such a change; suites about what a change that did run
 * leaves behind (its written label, the error it raises) run under this one.
 */
import { loadPolicy, type Policy } from '../../engine/policy';

export const UNTRUSTED_UPDATES: Policy = ((): Policy => {
  const r = loadPolicy(`version: 1
extends: default
name: untrusted-updates
rules:
  - id: calendar/update-no-attendees
    tools: [updateEvent]
    when: { recipients: { none: true } }
    decision: allow
    reason: any change to an event without attendees
`);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.policy;
})();
