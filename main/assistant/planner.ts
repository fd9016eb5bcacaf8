/**
 * `ask` with a language model: the request, the person's name and addresses, and the tool
 * registry's docs go to the planner (engine/agent); mail never does. The plan it returns has
 * passed the plan front end; it then runs like any plan, under labels and the policy.
 */
import { planRequest, type PlanResult } from '../../engine/agent/planner';
import { sanitizerTools } from '../../engine/sanitizers';
import { WorldState, worldTools } from '../../engine/world';
import type { Provider } from '../llm/provider';
import type { Profile } from '../profile/profile';
import { worldOf } from '../profile/world-io';

export async function planWithModel(
  p: Profile,
  request: string,
  provider: Provider,
  clock: () => Date = () => new Date(),
): Promise<PlanResult> {
  const account = p.primaryAccount();
  const state = new WorldState(worldOf(p.repos, account, clock));
  const sanitizers = sanitizerTools({
    userAddresses: account.addresses,
    contacts: [],
    recipientPatterns: [],
    urlPatterns: [],
  });
  const specs = [...worldTools(state), sanitizers.verifyEmailAddress, sanitizers.verifyUrl, sanitizers.verifyAmount];
  const tools = specs.map((t) => ({
    name: t.name,
    doc: t.doc,
    kind: t.kind,
  }));
  return planRequest(
    {
      request,
      user: { name: account.userName || account.name, addresses: account.addresses },
      tools,
      now: clock().toISOString(),
    },
    async (req) => (await provider.complete(req)).text,
  );
}
