/**
 * `ask` with a language model: the request, the person's name and addresses, and the tool
 * registry's docs go to the planner (engine/agent); mail never does. The plan it returns has
 * passed the plan front end; it then runs like any plan, under labels and the policy.
 */
import { PlannerFailed, planRequest, type PlanResult, type ToolDoc } from '../../engine/agent/planner';
import { sanitizerTools } from '../../engine/sanitizers';
import { WorldState, worldTools } from '../../engine/world';
import { completeBodies } from '../accounts/accounts';
import type { EngineHost } from '../engine-host/engine-host';
import { LlmError, type Provider } from '../llm/provider';
import { providerFor } from '../llm/providers';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import { assertNotPaused } from '../runs/paused';
import { runOnProfile, type ProfileRunResult } from '../runs/run-on-profile';
import { worldOf } from '../profile/world-io';

/** The docs of every tool a plan may call over `state`, as the planner sees them. */
export function plannerTools(state: WorldState, userAddresses: readonly string[]): ToolDoc[] {
  const sanitizers = sanitizerTools({
    userAddresses: [...userAddresses],
    contacts: [],
    recipientPatterns: [],
    urlPatterns: [],
  });
  return [...worldTools(state), sanitizers.verifyEmailAddress, sanitizers.verifyUrl, sanitizers.verifyAmount].map(
    (t) => ({
      name: t.name,
      doc: t.doc,
      kind: t.kind,
    }),
  );
}

export async function planWithModel(
  p: Profile,
  request: string,
  provider: Provider,
  clock: () => Date = () => new Date(),
  account: Account = p.primaryAccount(),
): Promise<PlanResult> {
  // The planner's tools read whole messages, as the plan's will.
  await completeBodies(p, { accountId: account.id });
  // The planner sees the tools' docs only, never the mail: the world holds none.
  const state = new WorldState(worldOf(p.repos, account, clock, { mail: false }));
  return planRequest(
    {
      request,
      user: { name: account.userName || account.name, addresses: account.addresses },
      tools: plannerTools(state, account.addresses),
      now: clock().toISOString(),
    },
    async (req) => (await provider.complete(req)).text,
  );
}

/**
 * A request no playbook covers, planned by the profile's planner model and run under labels and
 * the policy: null when no provider plans for this profile; a failure of the model (budget,
 * unreachable…) or of the planner (no valid plan after the repairs) as words.
 */
export async function askPlanner(
  p: Profile,
  request: string,
  o: { engine?: EngineHost; clock?: () => Date; account?: Account } = {},
): Promise<null | { error: string } | { plan: PlanResult; ran: ProfileRunResult; by: string }> {
  assertNotPaused(p);
  const llm = await providerFor(p, 'planner', o.clock ? { clock: o.clock } : {});
  if (!llm) return null;
  let plan: PlanResult;
  try {
    plan = await planWithModel(p, request, llm, o.clock, o.account);
  } catch (e) {
    if (e instanceof LlmError) return { error: `${e.kind}: ${e.message}` };
    if (e instanceof PlannerFailed) return { error: `PlannerFailed: ${e.message}` };
    throw e;
  }
  const ran = await runOnProfile(p, {
    plan: plan.source,
    kind: 'ask',
    request,
    ...(o.account ? { accountId: o.account.id } : {}),
    ...(o.engine ? { engine: o.engine } : {}),
  });
  return { plan, ran, by: `${llm.config.name} (${llm.config.model})` };
}
