/**
 * `ask` with a language model: the request, the person's name and addresses, and the tool
 * registry's docs go to the planner (engine/agent); mail never does. The plan it returns has
 * passed the plan front end; it then runs like any plan, under labels and the policy.
 */
import { planRequest, type PlanResult, type ToolDoc } from '../../engine/agent/planner';
import { sanitizerTools } from '../../engine/sanitizers';
import { WorldState, worldTools } from '../../engine/world';
import type { Provider } from '../llm/provider';
import type { Profile } from '../profile/profile';
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
): Promise<PlanResult> {
  const account = p.primaryAccount();
  const state = new WorldState(worldOf(p.repos, account, clock));
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
