import { loadWorld, simulate } from '../../../engine/run/simulate';
import { matchRequest, SUPPORTED } from '../../../main/assistant/ask';
import { answerWarningsOf, reportWarnings, worldAnswerWarnings } from '../../../main/assistant/fraud';
import { askPlanner } from '../../../main/assistant/planner';
import { triageProfile, triageWorld } from '../../../main/assistant/triage';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { InputError, readText, str, UsageError } from '../args';
import { withProfile } from '../profile-arg';
import { renderHuman, renderReport } from '../report';
import type { Command } from './types';
import { askSpec } from './specs';

export const askCommand: Command = {
  ...askSpec,
  async run(p) {
    const [request, extra] = p.positional;
    if (!request || extra) throw new UsageError('ask takes one REQUEST (quote it)');
    const json = p.flags.has('--json');
    const match = matchRequest(request);
    if (!match && !str(p, '--world')) {
      // A request no playbook covers goes to the planner model, when the profile has one (an
      // unsupported request never creates a profile just to look).
      const planned = await withProfile(p, (profile) => askPlanner(profile, request), { create: false }).catch(
        (e: unknown) => {
          if (e instanceof InputError) return null;
          throw e;
        },
      );
      if (planned && 'error' in planned) {
        if (json)
          process.stdout.write(JSON.stringify({ request, playbook: null, planner: true, error: planned.error }) + '\n');
        process.stderr.write(`zamburak ask: ${planned.error}\n`);
        return 1;
      }
      if (planned) {
        const { report, effects } = planned.ran;
        if (json)
          process.stdout.write(
            JSON.stringify({
              request,
              playbook: null,
              planner: true,
              plan: planned.plan.source,
              attempts: planned.plan.attempts,
              ...renderReport(report, effects),
            }) + '\n',
          );
        else
          process.stdout.write(
            `Planned by the model (${planned.plan.attempts} attempt(s)):\n${planned.plan.source}\n\n${renderHuman(report, effects)}`,
          );
        return report.status === 'completed' ? 0 : 1;
      }
    }
    if (!match) {
      const message = `Without a language model, Zamburak can do only these requests: ${SUPPORTED.map((s) => `"${s}"`).join(', ')}. Configure a provider to plan anything else.`;
      if (json)
        process.stdout.write(JSON.stringify({ request, playbook: null, error: message, supported: SUPPORTED }) + '\n');
      else process.stderr.write(`${message}\n`);
      return 1;
    }
    const worldPath = str(p, '--world');
    const world = worldPath ? loadWorld(readText(worldPath, 'world'), worldPath) : undefined;
    if (match.playbook === 'triage') {
      const r = world ? await triageWorld(world) : await withProfile(p, (profile) => triageProfile(profile));
      const out = { request, playbook: 'triage', emails: r.emails, claims: r.claims.map((c) => c.id) };
      process.stdout.write(json ? JSON.stringify(out) + '\n' : `${r.emails.length} emails triaged.\n`);
      return 0;
    }
    // The result's warnings (links and requests it repeats from mail) are read where its sources live.
    const { report, effects, warnings } = world
      ? await simulate({ plan: match.plan, world, input: match.input }).then((r) => ({
          ...r,
          warnings: reportWarnings(r.report, worldAnswerWarnings(world)),
        }))
      : await withProfile(p, async (profile) => {
          const r = await runOnProfile(profile, { plan: match.plan, input: match.input, kind: 'playbook', request });
          return { ...r, warnings: reportWarnings(r.report, answerWarningsOf(profile, profile.primaryAccount())) };
        });
    if (json)
      process.stdout.write(
        JSON.stringify({
          request,
          playbook: match.playbook,
          input: match.input,
          ...renderReport(report, effects),
          warnings,
        }) + '\n',
      );
    else process.stdout.write(`Playbook ${match.playbook}:\n${renderHuman(report, effects)}`);
    return report.status === 'completed' ? 0 : 1;
  },
};
