/**
 * The demo account's transport: an approved action is carried out against the profile's own
 * store by the world simulator's tool — the very code that would have run had the policy
 * allowed it — and what it sends lands in the local outbox (`sent`), never on the network.
 */
import { BOTTOM } from '../../engine/ifc/label';
import { labelDeep, plainOf, type Json } from '../../engine/ifc/labeled-value';
import { WorldState, worldTools } from '../../engine/world';
import type { Profile } from '../profile/profile';
import { applyEffects, worldOf } from '../profile/world-io';
import { TransportError, type CommitRequest, type Transport } from './transport';

export function localTransport(p: Profile, clock: () => Date = () => new Date()): Transport {
  const accountOf = (claimId: string) => {
    const c = p.claims.get(claimId);
    const a = c.accountId ? p.repos.accounts.get(c.accountId) : p.primaryAccount();
    if (!a) throw new TransportError('permanent', `the account of claim ${claimId} no longer exists`);
    return a;
  };
  return {
    name: 'local',
    async commit(req: CommitRequest): Promise<Json> {
      const account = accountOf(req.claimId);
      const state = new WorldState(worldOf(p.repos, account, clock));
      const tool = worldTools(state).find((t) => t.name === req.action.tool);
      if (!tool) throw new TransportError('permanent', `the demo account cannot commit ${req.action.tool}`);
      const parsed = tool.schema.safeParse(req.action.args);
      if (!parsed.success)
        throw new TransportError('permanent', `the approved arguments are not valid: ${parsed.error.message}`);
      const labeled = Object.fromEntries(Object.entries(req.action.args).map(([k, v]) => [k, labelDeep(v, BOTTOM)]));
      let out;
      try {
        out = await tool.run(parsed.data as Record<string, unknown>, labeled, {
          userAddresses: state.userAddresses,
          seq: 1,
        });
      } catch (e) {
        throw new TransportError('permanent', (e as Error).message);
      }
      p.db
        .transaction(() =>
          applyEffects(p.repos, account, state.effects(), {
            claimId: req.claimId,
            ...(req.messageId ? { messageId: req.messageId } : {}),
          }),
        )
        .immediate();
      return plainOf(out) ?? null;
    },
    async reconcile(req: CommitRequest) {
      const s = req.messageId ? p.repos.outgoing.sentByMessageId(req.messageId) : undefined;
      return s ? { done: true, result: { sent: s.id, messageId: req.messageId } } : { done: false };
    },
  };
}
