/**
 * Settings → Accounts: the accounts of this profile; signing in with Google, Microsoft or another
 * OAuth provider (OAuthSignIn), or adding a real IMAP/SMTP account with a password (optionally
 * with a CalDAV calendar, and the receiving server's id for sender checks, changed later in the
 * account's row: SenderChecks); testing and removing. The password goes to the app's secret store and
 * is never shown again; an account whose sign-in was revoked says "sign in again".
 */
import { useCallback, useEffect, useState } from 'react';
import { NewAccountInput } from '../../../preload/contract';
import { api, errorText } from '../api';
import { accountName } from '../format';
import { useApp } from '../store';
import { Chip } from './Chip';
import { AddForm, RowActions } from './Managed';
import { OAuthSignIn, useSignIn } from './OAuthSignIn';
import { SecuritySelect } from './SecuritySelect';
import { EveryMessageBox, SenderChecks } from './SenderChecks';

type Account = Awaited<ReturnType<typeof api.accounts.list>>[number];
type FormField = keyof typeof EMPTY;

/** A clause the app sends ("no server is named …") as a sentence. */
const sentence = (clause: string): string => {
  const s = clause.charAt(0).toUpperCase() + clause.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
};

/** What each kind of failed login means, before the server's own details (a clause, kept as written). */
const TEST_FAILURES: Readonly<Record<string, string>> = {
  auth: 'The server refused the sign-in',
  unreachable: 'The server could not be reached',
  tls: 'The secure connection failed',
  timeout: 'The server did not answer in time',
  protocol: 'The server answered in a way the app does not understand',
  refused: 'The server refused the request',
};
const testFailure = (kind: string | null, message: string): string =>
  `${TEST_FAILURES[kind ?? ''] ?? 'The login failed'}: ${message}${/[.!?]$/.test(message) ? '' : '.'}`;

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

/** What each field expects, in words: said at the field when what was typed is not that. */
const EXPECTED: Record<FormField, string> = {
  name: 'Use letters, digits, dots, dashes or underscores (up to 64), starting with a letter or digit, e.g. work.',
  email: 'Enter an email address, e.g. you@example.com.',
  imapHost: 'Enter the IMAP server’s name, e.g. imap.example.com.',
  imapPort: 'Enter a port number from 1 to 65535 (usually 993).',
  security: 'Choose how the connection is protected.',
  user: 'Enter the user name the server expects (often your email address).',
  password: 'Enter the password or app password.',
  smtpHost: 'Enter the SMTP server’s name, e.g. smtp.example.com, or leave it empty.',
  smtpPort: 'Enter a port number from 1 to 65535 (usually 587).',
  caldav: 'Enter the calendar’s full address, starting with https://, or leave it empty.',
  authserv: 'Enter server names separated by commas (at most 10), or leave it empty.',
};
const isField = (k: string): k is FormField => k in EXPECTED;

export function AccountsSection() {
  const [accounts, setAccounts] = useState<Account[]>([]);
  const [form, setForm] = useState(EMPTY);
  // Whether the named server adds its sender check to every message; only sent with a server id.
  const [everyMessage, setEveryMessage] = useState(false);
  const [adding, setAdding] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const { report, setStatus, refresh } = useApp();
  const load = useCallback(() => api.accounts.list().then(setAccounts).catch(report), [report]);
  useEffect(() => void load(), [load]);
  const loadAll = () => load().then(refresh);
  const again = useSignIn(loadAll);

  const field = (key: FormField, label: string, type = 'text') => (
    <div>
      <label>
        {label}
        <input
          type={type}
          value={form[key]}
          onChange={(e) => {
            setForm({ ...form, [key]: e.target.value });
            setErrors({ ...errors, [key]: undefined });
          }}
          autoComplete="off"
          {...(errors[key] ? { 'aria-invalid': true, 'aria-describedby': `account-${key}-error` } : {})}
        />
      </label>
      {errors[key] && (
        <p className="field-error" id={`account-${key}-error`} role="alert">
          {errors[key]}
        </p>
      )}
    </div>
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
      ...(form.authserv.trim() && everyMessage ? { authservEveryMessage: true } : {}),
    };
    // Checked here first, so what is wrong is said at its field in words, not as a schema dump.
    const checked = NewAccountInput.safeParse(input);
    if (!checked.success) {
      const found: Partial<Record<FormField, string>> = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (isField(key)) found[key] = EXPECTED[key];
      }
      setErrors(found);
      return;
    }
    try {
      const a = await api.accounts.add(input);
      setForm(EMPTY);
      setEveryMessage(false);
      setAdding(false);
      setStatus({ text: `Account ${a.name} added. Test it to check the password.`, tone: 'ok' });
      await load();
      await refresh();
    } catch (e) {
      // The app names the field it refuses ("imapHost: no server is named …"): its clause, as a sentence.
      const text = errorText(e);
      const key = /^(\w+): /.exec(text)?.[1] ?? '';
      if (isField(key)) setErrors({ [key]: sentence(text.slice(key.length + 2)) });
      else report(e);
    }
  };

  return (
    <section aria-labelledby="accounts">
      <h2 id="accounts">Accounts</h2>
      <ul className="managed accounts">
        {accounts.map((a) => (
          <li key={a.id}>
            <span>
              {accountName(a)} · {a.email} {a.demo && <Chip tone="info">nothing leaves this computer</Chip>}
              {a.signInAgain && <Chip tone="warn">sign in again</Chip>}
            </span>
            {a.signInAgain && (
              <button type="button" onClick={() => void again.start({ kind: 'again', name: a.name })}>
                Sign in again
              </button>
            )}
            {!a.demo && (
              <RowActions
                onTest={() =>
                  api.accounts.test(a.name).then((r) => (r.ok ? r.message : testFailure(r.kind, r.message)))
                }
                onRemove={() => api.accounts.remove(a.name).then(load).then(refresh)}
                removing={`Remove the account “${a.name}”? Its mail is deleted from this computer (the server keeps it) and its password or sign-in is forgotten.`}
              />
            )}
            {a.transport === 'imap' && <SenderChecks account={a} onSaved={load} />}
          </li>
        ))}
      </ul>
      <OAuthSignIn onDone={loadAll} />
      <AddForm
        label="Add an IMAP account"
        openText="Add an IMAP account…"
        submitText="Add account"
        open={adding}
        setOpen={setAdding}
        onSubmit={() => void add()}
        noValidate
      >
        {field('name', 'Name (e.g. work)')}
        {field('email', 'Email address', 'email')}
        {field('imapHost', 'IMAP server')}
        {field('imapPort', 'IMAP port', 'number')}
        <SecuritySelect value={form.security} onChange={(security) => setForm({ ...form, security })} />
        {field('user', 'User name')}
        {field('password', 'Password or app password', 'password')}
        {field('smtpHost', 'SMTP server (to send)')}
        {field('smtpPort', 'SMTP port', 'number')}
        {field('caldav', 'CalDAV calendar URL (optional)', 'url')}
        {field(
          'authserv',
          'Your mail server’s name in the Authentication-Results header, such as mx.example.com (optional: a sender counts as verified only by its verdict)',
          'text',
        )}
        {form.authserv.trim() && (
          <EveryMessageBox id="account-everyMessage-help" checked={everyMessage} onChange={setEveryMessage} />
        )}
      </AddForm>
    </section>
  );
}
