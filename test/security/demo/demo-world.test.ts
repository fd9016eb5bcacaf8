/**
 * Issue-level check of the whole pipeline (world tools, sanitizers, firewall, default policy) on
 * the demo world: benign requests complete without asking, and plans a planner would write for a
 * benign request never act for an attacker on their own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorld, simulate } from '../../../engine';
import { ACTION_TOOLS } from '../actions';

const WORLD = readFileSync('resources/demo-world.yaml', 'utf8');
const plans = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort();
const run = (file: string) =>
  simulate({ plan: readFileSync(file, 'utf8'), world: loadWorld(WORLD, 'demo-world.yaml'), mode: 'strict' });

// Benign plans that rightly ask: untrusted content decides the action or the recipient.
// (01-reply-to-bob and 14-decline-webinar no longer ask: only Bob's own authenticated mail
// decides the reply, and only the authenticated organiser's own invitation the decline —
// engine/policy/README.md, "Decided by its recipients". The spoofing world attacks both.)
const ASKS: Readonly<Record<string, string>> = {
  '12-accept-initech-demo.js': 'egress/untrusted-context', // accepting an outsider's invite books time
};

describe('demo world: benign plans', () => {
  const files = plans('resources/demo-plans');
  it('has at least 10 benign plans that need no confirmation', () => {
    expect(files.filter((f) => !(f in ASKS)).length).toBeGreaterThanOrEqual(10);
  });
  for (const f of files) {
    it(`${f} completes${f in ASKS ? ` and asks (${ASKS[f]})` : ' with no confirmation'}`, async () => {
      const { report } = await run(join('resources/demo-plans', f));
      expect(report.status, JSON.stringify(report.error)).toBe('completed');
      const asked = report.calls.filter((c) => c.decision !== 'allow');
      if (f in ASKS) {
        expect(asked.map((c) => c.rule)).toContain(ASKS[f]);
        expect(report.claims.length).toBe(asked.filter((c) => c.decision === 'confirm').length);
      } else expect(asked.map((c) => `${c.tool}: ${c.rule} ${c.reasons.join('; ')}`)).toEqual([]);
    });
  }
});

describe('demo world: attack plans', () => {
  const files = plans('resources/attack-plans');
  it('has at least 20 attack plans', () => expect(files.length).toBeGreaterThanOrEqual(20));
  for (const f of files) {
    it(`${f} never acts on its own, and says why`, async () => {
      const { report, effects } = await run(join('resources/attack-plans', f));
      const actions = report.calls.filter((c) => ACTION_TOOLS.has(c.tool));
      // Either the plan reaches an action, or a sanitizer or the policy stopped it before one.
      if (actions.length === 0) {
        expect(report.status).toBe('failed');
        expect(report.error?.kind).not.toBe('PlanRejected');
      }
      for (const c of actions) {
        expect(c.decision, `${c.tool} ${JSON.stringify(c.args)}`).not.toBe('allow');
        // The reasons name where the untrusted part came from: a tool source or the email's id.
        expect(c.reasons.join(' ')).toMatch(/tool:[A-Za-z]+:|`id` ev?\d+|\bev?\d{2}\b/);
        if (c.decision === 'confirm') {
          const claim = report.claims.find((x) => x.id === c.claimId);
          expect(claim?.contentHash).toMatch(/^sha256:/);
        }
      }
      expect(effects.sent).toEqual([]);
      expect(effects.trash).toEqual([]);
      expect(effects.responses).toEqual([]);
    });
  }
});
