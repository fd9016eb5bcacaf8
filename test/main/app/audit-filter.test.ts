/**
 * The Audit's "Tool", "Policy rule" and "Came from" filters read the words the screen shows (a
 * tool's words, a rule's words, an email's subject or sender) and still the ids an expert types; text that names
 * nothing finds nothing.
 */
import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../../preload/contract';
import { demoApp } from './app-fixture';

const demo = demoApp();

describe('audit filters in words', () => {
  it('finds entries by a rule’s words or its id, and by an email’s subject, sender or source id', async () => {
    const p = demo.profile;
    const [m] = p.repos.messages.page({ folder: 'INBOX', limit: 1 }).items;
    const source = `tool:getEmail:${m!.id}`;
    p.audit.append({
      kind: 'call.decided',
      tool: 'sendEmail',
      decision: 'confirm',
      rule: 'egress/to-its-author',
      sources: [source],
      data: {},
    });
    p.audit.append({
      kind: 'call.decided',
      tool: 'sendEmail',
      decision: 'deny',
      rule: 'egress/secret',
      sources: ['user'],
      data: {},
    });
    const rules = async (q: object) => ((await demo.call('audit.list', q)) as AuditRow[]).map((r) => r.rule);

    expect(await rules({ rule: 'whose message it ANSWERS' })).toEqual(['egress/to-its-author']);
    expect(await rules({ rule: 'egress/secret' })).toEqual(['egress/secret']);
    expect(await rules({ rule: 'egress/' })).toEqual(['egress/secret', 'egress/to-its-author']);
    expect(await rules({ rule: 'no rule reads like this' })).toEqual([]);

    const subject = m!.subject.split(' ').slice(0, 2).join(' ').toUpperCase();
    expect(await rules({ source: subject })).toEqual(['egress/to-its-author']);
    expect(await rules({ source: m!.from.replace(/.*<|>.*/g, '') })).toEqual(['egress/to-its-author']);
    expect(await rules({ source: source })).toEqual(['egress/to-its-author']);
    expect(await rules({ source: 'what you typed' })).toEqual(['egress/secret']);
    expect(await rules({ source: 'nobody wrote this' })).toEqual([]);
    expect(await rules({ rule: 'passwords', source: subject })).toEqual([]);

    const csv = (await demo.call('audit.exportTable', { rule: 'passwords' }, 'csv')) as { entries: number };
    expect(csv.entries).toBe(1);
  });

  it('finds entries by a tool’s words or its id', async () => {
    const p = demo.profile;
    p.audit.append({ kind: 'call.decided', tool: 'searchEmails', decision: 'allow', rule: 'read/any', data: {} });
    p.audit.append({ kind: 'call.decided', tool: 'sendEmail', decision: 'deny', rule: 'egress/secret', data: {} });
    const tools = async (q: object) =>
      [...new Set(((await demo.call('audit.list', q)) as AuditRow[]).map((r) => r.tool))].sort();

    expect(await tools({ tool: 'A SEARCH of your mail' })).toEqual(['searchEmails']);
    expect(await tools({ tool: 'searchEmails' })).toEqual(['searchEmails']);
    expect(await tools({ tool: 'sending an email' })).toEqual(['sendEmail']);
    expect(await tools({ tool: 'Email' })).toEqual(['searchEmails', 'sendEmail']);
    expect(await tools({ tool: 'no tool reads like this' })).toEqual([]);
    expect(await tools({ tool: 'search of your mail', rule: 'passwords' })).toEqual([]);
    const csv = (await demo.call('audit.exportTable', { tool: 'sending an email' }, 'csv')) as { entries: number };
    expect(csv.entries).toBe(1);
  });
});
