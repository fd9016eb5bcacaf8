/** The gate's input for one decided call as plain JSON (labels are plain data already): what a policy preview replays. */
import type { Decision, GateCall } from '../../engine/gate/types';
import type { Json } from '../../engine/ifc/labeled-value';

export const gateInputOf = (call: GateCall, decision: Decision, recipients: readonly string[] | undefined): Json =>
  JSON.parse(JSON.stringify({ call, decision, recipients: recipients ?? null })) as Json;
