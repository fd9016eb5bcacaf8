import { simulate } from '../../../engine/run/simulate';
import { interpret, SUPPORTED } from '../../../main/assistant/ask';
import { answerWarningsOf, reportWarnings, worldAnswerWarnings } from '../../../main/assistant/fraud';
import { aboutInProfile, aboutInWorld } from '../../../main/assistant/about-email';
import { askPlanner } from '../../../main/assistant/planner';
import { inputOver } from '../../../main/assistant/reply-writer';
import { resultText, textOf } from '../../../main/assistant/result-text';
import { triageProfile, triageWorld } from '../../../main/assistant/triage';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { InputError, str, UsageError } from '../args';
import { worldFile } from '../world-arg';
import { accountArg, noAccountWithWorld, withProfile } from '../profile-arg';
import { renderHuman, renderReport } from '../report';
import type { Command } from './types';
import { askSpec } from './specs';

export const askCommand: Command = {
  ...askSpec,
  async run(p) {
    const [request, extra] = p.positional;
    if (!request || extra) throw new UsageError('ask takes one REQUEST (quote it)');
    const json = p.flags.has('--json');
    noAccountWithWorld(p);
    const worldPath = str(p, '--world');
    const world = worldPath ? worldFile(worldPath) : undefined;
    // A person is named by name or address and found in the contacts (never created to look).
    const contacts = world
      ? world.contacts
      : await withProfile(p, (profile) => profile.repos.contacts.list(accountArg(p, profile).id), {
          create: false,
        }).catch((e: unknown) => {
          if (e instanceof InputError) return [];
          throw e;
        });
    const matched = interpret(request, contacts);
    if (matched && 'error' in matched) {
      if (json) process.stdout.write(JSON.stringify({ request, playbook: null, error: matched.error }) + '\n');
      process.stderr.write(`zamburak ask: ${matched.error}\n`);
      return 1;
    }
    const match = matched;
    if (!match && !worldPath) {
      // A request no playbook covers goes to the planner model, when the profile has one (an
      // unsupported request never creates a profile just to look).
      const planned = await withProfile(
        p,
        (profile) => askPlanner(profile, request, { account: accountArg(p, profile) }),
        { create: false },
      ).catch((e: unknown) => {
        if (e instanceof InputError) return null;
        throw e;
      });
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
            `Planned by the model (${planned.plan.attempts} ${planned.plan.attempts === 1 ? 'attempt' : 'attempts'}):\n${planned.plan.source}\n\n${renderHuman(report, effects)}`,
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
    if (match.playbook === 'triage') {
      const r = world
        ? await triageWorld(world)
        : await withProfile(p, (profile) => triageProfile(profile, { account: accountArg(p, profile) }));
      const out = { request, playbook: 'triage', emails: r.emails, claims: r.claims.map((c) => c.id) };
      process.stdout.write(json ? JSON.stringify(out) + '\n' : `${r.emails.length} emails triaged.\n`);
      return 0;
    }
    // The result's warnings (links and requests it repeats from mail), and the result as text a
    // person reads, are made where its sources live (the profile is closed after its callback).
    const asText = (result: typeof match.input, about: ReturnType<typeof aboutInWorld>) =>
      textOf(resultText(match.playbook, result, about, match.input));
    const { report, effects, warnings, text } = world
      ? await simulate({ plan: match.plan, world, input: match.input }).then((r) => ({
          ...r,
          warnings: reportWarnings(r.report, worldAnswerWarnings(world)),
          text: asText(r.report.result, aboutInWorld(world)),
        }))
      : await withProfile(p, async (profile) => {
          const account = accountArg(p, profile);
          const input = inputOver(profile, match, account);
          const r = await runOnProfile(profile, {
            plan: match.plan,
            input,
            kind: 'playbook',
            request,
            accountId: account.id,
          });
          return {
            ...r,
            warnings: reportWarnings(r.report, answerWarningsOf(profile, account)),
            text: asText(r.report.result, aboutInProfile(profile)),
          };
        });
    // The JSON keeps the result's own fields beside its text.
    const result = report.result;
    if (json)
      process.stdout.write(
        JSON.stringify({
          request,
          playbook: match.playbook,
          input: match.input,
          ...renderReport(report, effects),
          result:
            result !== null && typeof result === 'object' && !Array.isArray(result) ? { ...result, text } : result,
          text,
          warnings,
        }) + '\n',
      );
    else process.stdout.write(`Playbook ${match.playbook}:\n${text}\n\n${renderHuman(report, effects)}`);
    return report.status === 'completed' ? 0 : 1;
  },
};
