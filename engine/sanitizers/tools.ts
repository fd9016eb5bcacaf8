/**
 * The sanitizer tools: `verifyEmailAddress`, `verifyUrl` and `verifyAmount`.
 *
 * THIS FILE IS THE ONLY PLACE IN THE CODE BASE THAT SETS `verified` ON A LABEL (semantics.md §2,
 * invariant 2 "no spontaneous verification"). Everything else either joins labels (which drops
 * `verified`) or passes a value through unchanged. Keep it that way: a new sanitizer belongs
 * here, next to `mintVerified`.
 *
 * A verified value keeps its lineage: the output label is the input's label (sources, untrusted
 * sources, readers and caps all kept, so the gate and the user still see where the value came
 * from) plus the trusted source `sanitizer:<tool>` plus `verified: <kind>`.
 */
import * as z from 'zod';
import { BOTTOM, joinLabels, sourceLabel, type Label } from '../ifc/label';
import { deepLabel, type LabeledValue } from '../ifc/labeled-value';
import { ToolError, type ToolSpec } from '../tools/types';
import { checkAmount } from './amount';
import { checkEmailAddress, parseEmailPattern } from './email-address';
import { checkUrl, parseUrlPattern } from './url';

export type VerifiedKind = 'EmailAddress' | 'AllowlistedUrl' | 'Amount';

export interface SanitizerAllowlists {
  /** The user's own addresses (merged with the run's `ToolContext.userAddresses`). */
  readonly userAddresses: readonly string[];
  /** The user's contacts' addresses. */
  readonly contacts: readonly string[];
  /** Policy recipient patterns (`*@acme.test`, `bob@partner.test`, `*@*.acme.test`). */
  readonly recipientPatterns: readonly string[];
  /** Policy URL patterns (`acme.test`, `*.acme.test`, `http://intranet.test`, `https://acme.test/docs/`). */
  readonly urlPatterns: readonly string[];
  readonly maxAmount?: number;
  /** Allowed ISO 4217 codes for `verifyAmount`; any known currency when absent. */
  readonly currencies?: readonly string[];
  /** Currency of bare numbers passed to `verifyAmount`. */
  readonly defaultCurrency?: string;
  readonly allowIpLiterals?: boolean;
}

export interface SanitizerTools {
  readonly verifyEmailAddress: ToolSpec<{ address: string }>;
  readonly verifyUrl: ToolSpec<{ url: string }>;
  readonly verifyAmount: ToolSpec<{ amount: string | number }>;
}

/**
 * The label of a sanitizer's output: the input's label, the trusted `sanitizer:<tool>` source,
 * and `verified`. Not exported: only the tools below may mint verified labels.
 */
function mintVerified(input: Label, tool: string, kind: VerifiedKind): Label {
  const joined = joinLabels(input, sourceLabel(`sanitizer:${tool}`, { trusted: true }));
  return { ...joined, verified: kind };
}

/** The label of everything the argument was derived from (structure labels included). */
const inputLabelOf = (v: LabeledValue | undefined): Label => (v ? deepLabel(v) : BOTTOM);

/**
 * Builds the three sanitizer tools over the given allowlists. Invalid patterns are refused
 * here, loudly, so that a typo in a policy never silently allows or blocks at run time.
 */
export function sanitizerTools(allow: SanitizerAllowlists): SanitizerTools {
  const badPatterns = [
    ...allow.recipientPatterns.map(parseEmailPattern),
    ...allow.urlPatterns.map(parseUrlPattern),
  ].flatMap((r) => (r.ok ? [] : [r.reason]));
  if (badPatterns.length > 0) throw new Error(`invalid allowlist patterns:\n  ${badPatterns.join('\n  ')}`);
  if (allow.maxAmount !== undefined && !(Number.isFinite(allow.maxAmount) && allow.maxAmount >= 0))
    throw new Error(`maxAmount must be a finite non-negative number, got ${String(allow.maxAmount)}`);

  // A sanitizer checks its argument against allowlists and contacts no run changes.
  const argumentsOnly = (): null => null;

  const verifyEmailAddress: ToolSpec<{ address: string }> = {
    name: 'verifyEmailAddress',
    kind: 'sanitizer',
    dependsOn: argumentsOnly,
    params: ['address'],
    schema: z.object({ address: z.string() }),
    doc:
      'verifyEmailAddress(address) → the address, canonical and verified(EmailAddress), when it is one of the ' +
      "user's addresses, a contact or allowed by the policy; throws InvalidArguments otherwise.",
    run(args, labeled, ctx) {
      const label = inputLabelOf(labeled.address);
      const r = checkEmailAddress(args.address, {
        userAddresses: [...allow.userAddresses, ...ctx.userAddresses],
        contacts: allow.contacts,
        patterns: allow.recipientPatterns,
      });
      if (!r.ok) throw new ToolError('InvalidArguments', r.reason, label);
      return { kind: 'prim', value: r.address, label: mintVerified(label, 'verifyEmailAddress', 'EmailAddress') };
    },
  };

  const verifyUrl: ToolSpec<{ url: string }> = {
    name: 'verifyUrl',
    kind: 'sanitizer',
    dependsOn: argumentsOnly,
    params: ['url'],
    schema: z.object({ url: z.string() }),
    doc:
      'verifyUrl(url) → the URL, normalized and verified(AllowlistedUrl), when its scheme and host are allowlisted; ' +
      'throws InvalidArguments otherwise.',
    run(args, labeled) {
      const label = inputLabelOf(labeled.url);
      const r = checkUrl(args.url, {
        patterns: allow.urlPatterns,
        ...(allow.allowIpLiterals !== undefined ? { allowIpLiterals: allow.allowIpLiterals } : {}),
      });
      if (!r.ok) throw new ToolError('InvalidArguments', r.reason, label);
      return { kind: 'prim', value: r.url, label: mintVerified(label, 'verifyUrl', 'AllowlistedUrl') };
    },
  };

  const verifyAmount: ToolSpec<{ amount: string | number }> = {
    name: 'verifyAmount',
    kind: 'sanitizer',
    dependsOn: argumentsOnly,
    params: ['amount'],
    schema: z.object({ amount: z.union([z.string(), z.number()]) }),
    doc:
      'verifyAmount(amount) → {amount, currency}, verified(Amount), for one non-negative unambiguous amount such as ' +
      '"€1,234.50", "1234.50 EUR" or "USD 12"; throws InvalidArguments otherwise.',
    run(args, labeled) {
      const label = inputLabelOf(labeled.amount);
      const r = checkAmount(args.amount, {
        ...(allow.maxAmount !== undefined ? { max: allow.maxAmount } : {}),
        ...(allow.currencies !== undefined ? { currencies: allow.currencies } : {}),
        ...(allow.defaultCurrency !== undefined ? { defaultCurrency: allow.defaultCurrency } : {}),
      });
      if (!r.ok) throw new ToolError('InvalidArguments', r.reason, label);
      const out = mintVerified(label, 'verifyAmount', 'Amount');
      return {
        kind: 'object',
        label: out,
        entries: {
          amount: { kind: 'prim', value: r.value.amount, label: out },
          currency: { kind: 'prim', value: r.value.currency, label: out },
        },
      };
    },
  };

  return { verifyEmailAddress, verifyUrl, verifyAmount };
}
