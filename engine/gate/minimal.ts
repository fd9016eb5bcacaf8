/**
 * The smallest useful gate, for tests and for running without a policy: egress and destructive
 * tools are denied when the control context or any argument is untrusted; everything else runs.
 */
import { isTrusted, joinLabels } from '../ifc/label';
import { deepLabel } from '../ifc/labeled-value';
import type { Gate } from './types';

export const minimalGate: Gate = (call) => {
  if (call.kind !== 'egress' && call.kind !== 'destructive')
    return { decision: 'allow', rule: 'minimal/not-egress', reasons: [] };
  const all = joinLabels(call.context, ...Object.values(call.args).map(deepLabel));
  if (isTrusted(all)) return { decision: 'allow', rule: 'minimal/trusted', reasons: [] };
  return {
    decision: 'deny',
    rule: 'minimal/untrusted-egress',
    reasons: [`${call.tool} depends on untrusted data: ${all.untrusted.join(', ')}`],
  };
};
