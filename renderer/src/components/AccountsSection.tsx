/**
 * Settings → Accounts: the accounts of this profile; signing in with Google, Microsoft or another
 * OAuth provider (OAuthSignIn), or adding a real IMAP/SMTP account with a password (optionally
 * with a CalDAV calendar); testing and removing. The password goes to the app's secret store and
 * is never shown again; an account whose sign-in was revoked says "sign in again".
 */
import { useCallback, useEffect, useState } from 'react';
import type { NewAccountInput } from '../../../preload/contract';
import { api } from '../api';
import { useApp } from '../store';
import { Chip } from './Chip';
import { AddForm, RowActions } from './Managed';
import { OAuthSignIn, useSignIn } from './OAuthSignIn';

type Account = Awaited<ReturnType<typeof api.accounts.list>>[number];

const EMPTY = {
  name: '',
  email: '',
  imapHost: '',
  imapPort: '993',
  security: 'tls',
  user: '',
  password: '',
  smtpHost: '',
  smtpPort: '587',
  caldav: '',
  authserv: '',
};

export function AccountsSection() {
  const [accounts, setAccounts] = useState<Account[]>([]);
  const [form, setForm] = useState(EMPTY);
  const [adding, setAdding] = useState(false);
  const { report, setStatus, refresh } = useApp();
  const load = useCallback(() => api.accounts.list().then(setAccounts).catch(report), [report]);
  useEffect(() => void load(), [load]);
  const loadAll = () => load().then(refresh);
  const again = useSignIn(loadAll);

  const field = (key: keyof typeof EMPTY, label: string, type = 'text') => (
    <label>
      {label}
      <input
        type={type}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        autoComplete="off"
      />
    </label>
  );

  const add = async () => {
    const input: NewAccountInput = {
      name: form.name,
      email: form.email,
      imapHost: form.imapHost,
      imapPort: Number(form.imapPort),
      security: form.security as NewAccountInput['security'],
      user: form.user,
      password: form.password,
      ...(form.smtpHost ? { smtpHost: form.smtpHost, smtpPort: Number(form.smtpPort) } : {}),
      ...(form.caldav ? { caldav: form.caldav } : {}),
      ...(form.authserv.trim() ? { authserv: form.authserv.split(',').map((x) => x.trim()) } : {}),
    };
    try {
      const a = await api.accounts.add(input);
      setForm(EMPTY);
      setAdding(false);
      setStatus({ text: `Account ${a.name} added. Test it to check the password.`, tone: 'ok' });
      await load();
      await refresh();
    } catch (e) {
      report(e);
    }
  };

  return (
    <section aria-labelledby="accounts">
      <h2 id="accounts">Accounts</h2>
      <ul className="managed accounts">
        {accounts.map((a) => (
          <li key={a.id}>
            <span>
              {a.name} · {a.email} {a.demo && <Chip tone="info">demo: nothing leaves this computer</Chip>}
              {a.signInAgain && <Chip tone="warn">sign in again</Chip>}
            </span>
            {a.signInAgain && (
              <button type="button" onClick={() => void again.start({ kind: 'again', name: a.name })}>
                Sign in again
              </button>
            )}
            {!a.demo && (
              <RowActions
                onTest={() => api.accounts.test(a.name).then((r) => (r.ok ? r.message : `${r.kind}: ${r.message}`))}
                onRemove={() => api.accounts.remove(a.name).then(load).then(refresh)}
              />
            )}
          </li>
        ))}
      </ul>
      <OAuthSignIn onDone={loadAll} />
      <AddForm
        label="Add an account"
        openText="Add an IMAP account…"
        submitText="Add account"
        open={adding}
        setOpen={setAdding}
        onSubmit={() => void add()}
      >
        {field('name', 'Name (e.g. work)')}
        {field('email', 'Email address', 'email')}
        {field('imapHost', 'IMAP server')}
        {field('imapPort', 'IMAP port', 'number')}
        <label>
          Security
          <select value={form.security} onChange={(e) => setForm({ ...form, security: e.target.value })}>
            <option value="tls">TLS</option>
            <option value="starttls">STARTTLS (required)</option>
            <option value="plain">None (only for a server on this computer)</option>
          </select>
        </label>
        {field('user', 'User name')}
        {field('password', 'Password or app password', 'password')}
        {field('smtpHost', 'SMTP server (to send)')}
        {field('smtpPort', 'SMTP port', 'number')}
        {field('caldav', 'CalDAV calendar URL (optional)', 'url')}
        {field(
          'authserv',
          'Receiving server id in Authentication-Results, e.g. mx.example.com (optional; senders count as verified only by its verdict)',
          'text',
        )}
      </AddForm>
    </section>
  );
}
