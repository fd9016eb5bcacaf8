/**
 * The demo account's transport: what it sends is filed in its Sent folder and the local outbox
 * (`sent`, main/profile/world-io.ts `fileLocalSend`), never sent over the network — exactly the
 * message of the claim's effect, as SMTP would carry it. Other approved
 * actions are carried out against the profile's own store by the world simulator's tool, the
 * very code that would have run had the policy allowed it.
 */
import { BOTTOM, type Label } from '../../engine/ifc/label';
import { labelDeep, plainOf, type Json } from '../../engine/ifc/labeled-value';
import { effectOf, type MailEffect } from '../../engine/tools/effect';
import { MAIL_TOOLS } from '../../engine/tools';
import { WorldState, worldTools, type SentEmail } from '../../engine/world';
import { profileLookups } from '../mail/effect-lookups';
import type { Account } from '../store/repositories';
import type { Profile } from '../profile/profile';
import { writtenOfClaim } from '../claims/written-label';
import { applyEffects, fileLocalSend, worldOf } from '../profile/world-io';
import { storeEmailSource } from '../runs/store-email-source';
import { TransportError, type CommitRequest, type Transport } from './transport';

export function localTransport(p: Profile, clock: () => Date = () => new Date()): Transport {
  const accountOf = (claimId: string) => {
    const c = p.claims.get(claimId);
    const a = c.accountId ? p.repos.accounts.get(c.accountId) : p.primaryAccount();
    if (!a) throw new TransportError('permanent', `the account of claim ${claimId} no longer exists`);
    return a;
  };
  const sendLocally = (req: CommitRequest, account: Account): Json => {
    const { tool, args } = req.action;
    const e = effectOf(tool, args, profileLookups(p, account)) as MailEffect;
    const answered = typeof args.id === 'string' ? args.id : typeof args.inReplyTo === 'string' ? args.inReplyTo : null;
    const original = answered ? p.repos.messages.get(answered) : undefined;
    const id = `sent-${req.claimId}`;
    const sent: SentEmail = {
      id,
      kind: tool === 'replyToEmail' ? 'reply' : tool === 'forwardEmail' ? 'forward' : 'send',
      from: e.from,
      to: [...e.to],
      cc: [...e.cc],
      subject: e.subject,
      body: e.body,
      inReplyTo: tool === 'forwardEmail' ? null : (original?.id ?? null),
      threadId: original?.threadId ?? null,
      date: clock().toISOString(),
    };
    p.db
      .transaction(() =>
        fileLocalSend(p.repos, account, sent, {
          claimId: req.claimId,
          ...(req.messageId ? { messageId: req.messageId } : {}),
        }),
      )
      .immediate();
    return { ok: true, id };
  };
  return {
    name: 'local',
    async commit(req: CommitRequest): Promise<Json> {
      const account = accountOf(req.claimId);
      if (MAIL_TOOLS.has(req.action.tool)) return sendLocally(req, account);
      // The mail read from the store as the tool asks (main/runs/store-email-source.ts), not copied.
      const state = new WorldState(
        worldOf(p.repos, account, clock, { mail: false }),
        storeEmailSource(p.repos.worldMail, account),
      );
      const tool = worldTools(state).find((t) => t.name === req.action.tool);
      if (!tool) throw new TransportError('permanent', `the demo account cannot commit ${req.action.tool}`);
      const parsed = tool.schema.safeParse(req.action.args);
      if (!parsed.success)
        throw new TransportError('permanent', `the approved arguments are not valid: ${parsed.error.message}`);
      // What the tool refuses before the gate it refuses at commit too: the world may have
      // changed since the claim (an event handed to another organiser).
      const refused = tool.refusal?.(parsed.data as Record<string, unknown>);
      if (refused) throw new TransportError('permanent', refused.message);
      const labeled = Object.fromEntries(Object.entries(req.action.args).map(([k, v]) => [k, labelDeep(v, BOTTOM)]));
      // What the action writes keeps the label of what decided and wrote it (the claim's lineage),
      // as the CalDAV transport keeps it: approving an event filled from an email's text does not
      // make that text the person's own in the next run.
      const written: Label = writtenOfClaim(p.claims.get(req.claimId)) ?? BOTTOM;
      let out;
      try {
        out = await tool.run(parsed.data as Record<string, unknown>, labeled, {
          userAddresses: state.userAddresses,
          seq: 1,
          context: written,
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
