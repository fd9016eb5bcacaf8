import type { Db } from '../database';
import { fromJson, toJson } from './json';

export interface Account {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly userName: string;
  readonly addresses: readonly string[];
  readonly transport: 'local' | 'imap';
  /** Host, ports, security, CalDAV URL… never a password (see `secret`). */
  readonly config: Readonly<Record<string, unknown>>;
  /** The name of this account's entry in the secret store, if it has one. */
  readonly secret: string | null;
  readonly createdAt: string;
}

interface Row {
  id: string;
  name: string;
  email: string;
  user_name: string;
  addresses: string;
  transport: 'local' | 'imap';
  config: string;
  secret: string | null;
  created_at: string;
}

const fromRow = (r: Row): Account => ({
  id: r.id,
  name: r.name,
  email: r.email,
  userName: r.user_name,
  addresses: fromJson<string[]>(r.addresses, []),
  transport: r.transport,
  config: fromJson<Record<string, unknown>>(r.config, {}),
  secret: r.secret,
  createdAt: r.created_at,
});

export class AccountsRepo {
  constructor(private readonly db: Db) {}

  insert(a: Account): void {
    this.db
      .prepare(
        `INSERT INTO accounts (id, name, email, user_name, addresses, transport, config, secret, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        a.id,
        a.name,
        a.email,
        a.userName,
        toJson(a.addresses),
        a.transport,
        toJson(a.config),
        a.secret,
        a.createdAt,
      );
  }

  list(): Account[] {
    return (this.db.prepare('SELECT * FROM accounts ORDER BY created_at, id').all() as Row[]).map(fromRow);
  }

  get(id: string): Account | undefined {
    const r = this.db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as Row | undefined;
    return r && fromRow(r);
  }

  byName(name: string): Account | undefined {
    const r = this.db.prepare('SELECT * FROM accounts WHERE name = ?').get(name) as Row | undefined;
    return r && fromRow(r);
  }

  /** Replaces the account's settings (never a password: those are in the secret store). */
  setConfig(id: string, config: Readonly<Record<string, unknown>>): boolean {
    return this.db.prepare('UPDATE accounts SET config = ? WHERE id = ?').run(toJson(config), id).changes === 1;
  }

  remove(id: string): boolean {
    return this.db.prepare('DELETE FROM accounts WHERE id = ?').run(id).changes === 1;
  }
}
