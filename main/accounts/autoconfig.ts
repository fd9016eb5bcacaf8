/**
 * Thunderbird's autoconfig format (`config-v1.1.xml`): the IMAP and SMTP servers of a mail
 * provider, with the user-name template expanded for one address. Only what Zamburak can use is
 * read: the first IMAP and the first SMTP server, their socket type and authentication.
 */
import { Parser } from 'htmlparser2';
import type { Security } from '../mail/connect';

export interface ServerEntry {
  readonly host: string;
  readonly port: number;
  readonly security: Security;
  readonly user: string;
  /** The provider signs in with OAuth 2 on this server. */
  readonly oauth: boolean;
}

export interface Autoconfig {
  readonly imap?: ServerEntry;
  readonly smtp?: ServerEntry;
}

const SOCKET: Readonly<Record<string, Security>> = { SSL: 'tls', STARTTLS: 'starttls', PLAIN: 'plain' };

interface Partial {
  type: string;
  host?: string;
  port?: number;
  security?: Security;
  user?: string;
  auth: string[];
}

function expand(template: string, email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return template
    .replace(/%EMAILADDRESS%/g, email)
    .replace(/%EMAILLOCALPART%/g, local)
    .replace(/%EMAILDOMAIN%/g, domain);
}

function complete(s: Partial, email: string): ServerEntry | undefined {
  if (!s.host || !s.port || !s.security) return undefined;
  return {
    host: expand(s.host, email),
    port: s.port,
    security: s.security,
    user: expand(s.user ?? '%EMAILADDRESS%', email),
    oauth: s.auth.includes('OAuth2'),
  };
}

/** The servers of `xml` for `email`; null when it is not an autoconfig document. */
export function parseAutoconfig(xml: string, email: string): Autoconfig | null {
  const found: { imap?: ServerEntry; smtp?: ServerEntry } = {};
  let provider = false;
  let server: Partial | null = null;
  let field = '';
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'emailprovider') provider = true;
        if (name === 'incomingserver' || name === 'outgoingserver') server = { type: attrs.type ?? '', auth: [] };
        field = name;
        text = '';
      },
      ontext(t) {
        text += t;
      },
      onclosetag(name) {
        const v = text.trim();
        const s = server as Partial | null;
        if (s && name === field) {
          if (name === 'hostname') s.host = v;
          if (name === 'port' && /^\d{1,5}$/.test(v) && Number(v) > 0 && Number(v) < 65536) s.port = Number(v);
          if (name === 'sockettype') s.security = SOCKET[v.toUpperCase()];
          if (name === 'username') s.user = v;
          if (name === 'authentication') s.auth.push(v);
        }
        if (s && (name === 'incomingserver' || name === 'outgoingserver')) {
          const entry = complete(s, email);
          if (entry && s.type === 'imap' && !found.imap) found.imap = entry;
          if (entry && s.type === 'smtp' && !found.smtp) found.smtp = entry;
          server = null;
        }
        field = '';
        text = '';
      },
    },
    { xmlMode: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(xml);
  return provider ? found : null;
}
