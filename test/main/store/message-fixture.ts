/** A fresh profile database with one account, and stored messages made from a few fields. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS, openDatabase } from '../../../main/store';
import type { Db } from '../../../main/store/database';
import { repositories, type Repositories } from '../../../main/store/repositories';
import { pickHeaderFields, type ParsedMail } from '../../../main/mail/parse';
import { madeLocally, type StoredMessage } from '../../../main/store/repos/messages';

export function freshRepos(): { db: Db; repos: Repositories } {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'zamburak-store-')), 'p.db'), { migrations: MIGRATIONS });
  const repos = repositories(db);
  for (const id of ['a1', 'a2'])
    repos.accounts.insert({
      id,
      name: id,
      email: `me@${id}.test`,
      userName: 'Me',
      addresses: [`me@${id}.test`],
      transport: 'local',
      config: {},
      secret: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  return { db, repos };
}

export const message = (id: string, o: Partial<StoredMessage>): StoredMessage => ({
  id,
  accountId: 'a1',
  folder: 'INBOX',
  remoteUid: null,
  messageId: `<${id}@test>`,
  threadId: `t-${id}`,
  from: 'Someone <someone@example.com>',
  to: ['me@example.com'],
  cc: [],
  subject: 'Hello',
  date: '2026-03-10T09:00:00.000Z',
  body: 'nothing to see',
  html: null,
  unread: false,
  labels: [],
  auth: null,
  attachments: [],
  category: null,
  summary: null,
  triagedAt: null,
  ...o,
});

/**
 * A parsed message as a sync stores it in an account's Inbox (unread, not triaged), with the
 * files given: what the triage and fraud suites put in a profile before they read it back.
 */
export const inboxMessage = (
  id: string,
  accountId: string,
  m: ParsedMail,
  attachments: StoredMessage['attachments'] = [],
): StoredMessage => ({
  id,
  accountId,
  folder: 'INBOX',
  ...pickHeaderFields(m),
  body: m.body,
  html: null,
  unread: true,
  labels: [],
  ...madeLocally(),
  attachments,
});
