/**
 * Settings → Accounts: "Sign in with Google", "Sign in with Microsoft", "Sign in with another provider…". The sign-in
 * itself happens at the provider, in a new tab (the browser host) or the system browser
 * (Electron); this page waits for it and says how it went. Nothing typed here is a password.
 */
import { useState } from 'react';
import type { OAuthSignInInput } from '../../../preload/contract';
import { api } from '../api';
import { useApp } from '../store';
import { useFormInPlace } from './Managed';
import { SecuritySelect } from './SecuritySelect';

type Provider = 'google' | 'microsoft' | 'other';

const LABEL: Readonly<Record<Provider, string>> = {
  google: 'Sign in with Google',
  microsoft: 'Sign in with Microsoft',
  other: 'Sign in with another provider…',
};

const EMPTY = {
  name: '',
  email: '',
  clientId: '',
  issuer: '',
  scopes: '',
  imapHost: '',
  imapPort: '993',
  security: 'tls',
  smtpHost: '',
  smtpPort: '587',
};

/**
 * Starts a sign-in and follows it to the end. The tab is opened before the request, while the
 * click still counts as the person's (a tab opened later would be blocked as a pop-up).
 */
export function useSignIn(onDone: () => Promise<unknown>) {
  const { report, setStatus } = useApp();
  const [waiting, setWaiting] = useState(false);
  const start = async (input: OAuthSignInInput): Promise<boolean> => {
    const tab = window.open('about:blank', '_blank');
    setWaiting(true);
    try {
      const { id, url } = await api.accounts.signIn(input);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.open(url, '_blank', 'noopener');
      setStatus({ text: 'A new tab has opened: finish signing in there.', tone: 'info', busy: true });
      for (;;) {
        await new Promise((r) => setTimeout(r, 1000));
        const s = await api.accounts.signInStatus(id);
        if (s.state === 'waiting') continue;
        setStatus({
          text: s.state === 'done' ? s.message : `Sign-in failed: ${s.message}`,
          tone: s.state === 'done' ? 'ok' : 'error',
        });
        if (s.state === 'done') await onDone();
        return s.state === 'done';
      }
    } catch (e) {
      tab?.close();
      report(e);
      return false;
    } finally {
      setWaiting(false);
    }
  };
  return { start, waiting };
}

export function OAuthSignIn({ onDone }: { onDone: () => Promise<unknown> }) {
  const [provider, setProvider] = useState<Provider | null>(null);
  const [form, setForm] = useState(EMPTY);
  const { start, waiting } = useSignIn(onDone);
  // The provider last picked: its button gets the cursor back once the form closes.
  const [picked, setPicked] = useState<Provider | null>(null);
  const { form: formRef, opener, onKeyDown } = useFormInPlace(provider !== null, () => setProvider(null));

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

  const submit = async () => {
    if (!provider) return;
    const other = provider === 'other';
    const input: OAuthSignInInput = {
      kind: 'new',
      provider,
      name: form.name,
      email: form.email,
      ...(form.clientId.trim() ? { clientId: form.clientId.trim() } : {}),
      ...(other && form.issuer.trim() ? { issuer: form.issuer.trim() } : {}),
      ...(other && form.scopes.trim() ? { scopes: form.scopes.trim().split(/[\s,]+/) } : {}),
      ...(other && form.imapHost.trim()
        ? {
            imapHost: form.imapHost.trim(),
            imapPort: Number(form.imapPort),
            security: form.security as 'tls' | 'starttls' | 'plain',
          }
        : {}),
      ...(other && form.smtpHost.trim() ? { smtpHost: form.smtpHost.trim(), smtpPort: Number(form.smtpPort) } : {}),
    };
    if (await start(input)) {
      setForm(EMPTY);
      setProvider(null);
    }
  };

  if (!provider)
    return (
      <div className="actions sign-in" role="group" aria-label="Sign in with your provider">
        {(['google', 'microsoft', 'other'] as const).map((p) => (
          <button
            key={p}
            type="button"
            ref={p === picked ? opener : undefined}
            onClick={() => {
              setPicked(p);
              setProvider(p);
            }}
          >
            {LABEL[p]}
          </button>
        ))}
      </div>
    );
  const title = provider === 'other' ? 'Sign in with another provider' : LABEL[provider];
  return (
    <form
      ref={formRef}
      className="form-grid"
      aria-label={title}
      onKeyDown={onKeyDown}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3>{title}</h3>
      {field('name', 'Name (e.g. work)')}
      {field('email', 'Email address', 'email')}
      {provider === 'other' && field('issuer', 'Issuer URL (its OAuth metadata names the rest)', 'url')}
      {provider === 'other' && field('scopes', 'Scopes mail needs there (optional)')}
      {field('clientId', provider === 'other' ? 'Client id' : 'Client id (optional: your own app registration)')}
      {provider === 'other' && (
        <>
          {field('imapHost', 'IMAP server (optional: found from the address)')}
          {field('imapPort', 'IMAP port', 'number')}
          <SecuritySelect value={form.security} onChange={(security) => setForm({ ...form, security })} />
          {field('smtpHost', 'SMTP server (optional)')}
          {field('smtpPort', 'SMTP port', 'number')}
        </>
      )}
      <div className="actions">
        <button type="submit" className="approve" disabled={waiting}>
          {waiting ? 'Waiting for the browser…' : 'Continue in the browser'}
        </button>
        <button type="button" onClick={() => setProvider(null)}>
          Cancel (Escape)
        </button>
      </div>
    </form>
  );
}
