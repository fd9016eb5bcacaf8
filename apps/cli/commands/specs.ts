/**
 * What each command is called, takes and says in `--help`, apart from what it does: `zamburak --help`
 * and argument parsing read only these, and a command's module (and what it imports: the engine,
 * SQLite, mail, LLM clients) is loaded only when it runs (index.ts).
 */
import { EDITABLE_TEXT } from '../../../main/claims/editable-text';
import { PROFILE_FLAGS } from '../args';
import type { CommandSpec } from './types';

export const runSpec: CommandSpec = {
  name: 'run',
  help: `  zamburak run PLAN (--world WORLD | --profile DIR) [--policy FILE] [--mode strict|normal] [--input JSON] [--json]
      Run a plan program against a simulated world, or over a profile (recorded and audited;
      confirmations become claims), under a policy (default: the "default" preset, or the
      profile's policy). --json prints the report of contracts.md; exit 0 completed, 1 failed or limit.`,
  valueFlags: ['--world', '--policy', '--mode', '--input', '--profile'],
  boolFlags: ['--json'],
};

export const validateSpec: CommandSpec = {
  name: 'validate',
  help: `  zamburak validate POLICY
      Check a policy file: exit 0, or 1 with file:line:col: message lines.`,
};

export const testPolicySpec: CommandSpec = {
  name: 'test-policy',
  help: `  zamburak test-policy VECTORS --policy POLICY
      Run policy test vectors; prints a table and the number of failures (exit 1 if any).`,
  valueFlags: ['--policy'],
};

export const initSpec: CommandSpec = {
  name: 'init',
  help: `  zamburak init [--profile DIR]
      Create a profile (database, keys, the demo account). DIR defaults to ZAMBURAK_PROFILE or
      the OS app-data folder.`,
  valueFlags: ['--profile'],
};

export const claimsSpec: CommandSpec = {
  name: 'claims',
  help: `  zamburak claims list [--state S] | show ID | approve ID [--undo-window SECONDS] [--no-wait] [--hash H]
        | edit ID [--subject T] [--body T | --body-file F] [--hash H]
        | reject ID [--reason TEXT] | undo ID   [--profile DIR] [--json]
      The approval inbox. approve commits exactly the claimed action through the outbox once
      the undo window (default 10 s) has passed; --hash refuses it unless it still has that hash.
      edit rewrites a pending claim's text (never its recipients) and prints its new hash.`,
  valueFlags: [
    '--profile',
    '--db',
    '--state',
    '--limit',
    '--undo-window',
    '--reason',
    '--hash',
    ...EDITABLE_TEXT.flatMap((f) => [`--${f}`, `--${f}-file`]),
  ],
  boolFlags: ['--json', '--no-wait'],
};

export const auditSpec: CommandSpec = {
  name: 'audit',
  help: `  zamburak audit list [--kind K] [--tool T] [--decision D] [--rule R] [--source S] [--run ID] [--limit N]
        | show N | verify | export --recipient PUBFILE --out FILE [--range N:M] [--with-policies]
        [--profile DIR | --db FILE] [--json]
  zamburak audit verify-bundle FILE --key KEYFILE [--json]
      The tamper-evident audit log. verify exits 1 naming the first entry that does not hold
      (edited, inserted, deleted, reordered, truncated); verify-bundle needs only the bundle and the key.`,
  valueFlags: [
    '--profile',
    '--db',
    '--kind',
    '--tool',
    '--decision',
    '--rule',
    '--source',
    '--run',
    '--limit',
    '--recipient',
    '--out',
    '--range',
    '--key',
  ],
  boolFlags: ['--json', '--with-policies'],
};

export const keygenSpec: CommandSpec = {
  name: 'keygen',
  help: `  zamburak keygen --out DIR
      An auditor's ML-KEM-768 key pair: DIR/audit.pub (give it out) and DIR/audit.key (keep it).`,
  valueFlags: ['--out'],
};

export const triageSpec: CommandSpec = {
  name: 'triage',
  help: `  zamburak triage (--world FILE | --profile DIR [--account NAME]) [--no-drafts] [--json]
      Triage new mail with the rule-based playbook: a category (needs-reply, meeting, fyi,
      newsletter, receipt, suspicious), a summary, a draft reply where one is needed. Over a
      profile, only mail not yet triaged (re-running changes nothing), of the account NAME
      (default: the primary account).`,
  valueFlags: ['--world', '--profile', '--db', '--account'],
  boolFlags: ['--json', '--no-drafts'],
};

export const askSpec: CommandSpec = {
  name: 'ask',
  help: `  zamburak ask "REQUEST" (--world FILE | --profile DIR [--account NAME]) [--json]
      Plan a request and run it, over the account NAME (default: the primary account). Without a
      language model, requests are matched to playbooks (triage, a daily brief, drafting a
      reply); anything else is answered with what can be done.`,
  valueFlags: ['--world', '--profile', '--db', '--account'],
  boolFlags: ['--json'],
};

export const accountSpec: CommandSpec = {
  name: 'account',
  help: `  zamburak account add --name NAME --email ADDR --oauth google|microsoft|ISSUER_URL [--client-id ID]
          [--client-secret-env VAR] [--scope SCOPES] [--imap HOST:PORT --smtp HOST:PORT]
          [--security tls|starttls|none] [--no-browser] [--timeout SECONDS]
  zamburak account add --name NAME --email ADDR [--imap HOST:PORT] [--smtp HOST:PORT]
          [--security tls|starttls|none] [--user USER] --password-env VAR [--caldav URL]
          [--authserv-id MX_HOST[,…] [--authserv-every-message]]
  zamburak account signin NAME [--no-browser]      sign an OAuth account in again
  zamburak account list|test NAME|remove NAME [--json] [--profile DIR]
      IMAP accounts. --oauth signs in in the browser (--no-browser prints the URL instead); the
      refresh token is kept only in the profile's secret store and revoked by remove. A password
      is read from the environment variable VAR and kept only there. Without --imap, the servers
      are found from the address (autoconfig, SRV, MX). TLS is the default (port 993).
      --authserv-id names the receiving server's Authentication-Results id: only its verdicts
      authenticate a sender, read above its Received field. --authserv-every-message says that
      server adds a verdict to every message it receives, so one just below its Received field
      counts too (mx.google.com is known to); said of a server that does not, a forged one would.`,
  valueFlags: [
    ...PROFILE_FLAGS,
    '--name',
    '--imap',
    '--smtp',
    '--security',
    '--imap-host',
    '--imap-port',
    '--user',
    '--password-env',
    '--email',
    '--smtp-host',
    '--smtp-port',
    '--caldav',
    '--authserv-id',
    '--oauth',
    '--client-id',
    '--client-secret-env',
    '--scope',
    '--timeout',
  ],
  boolFlags: ['--json', '--tls', '--starttls', '--plain', '--no-browser', '--authserv-every-message'],
};

export const syncSpec: CommandSpec = {
  name: 'sync',
  help: `  zamburak sync [--account NAME] [--json] [--profile DIR]
      One sync pass of the IMAP accounts (new mail, deletions, read/unread) and their CalDAV
      calendars. Exit 1 if one failed.`,
  valueFlags: [...PROFILE_FLAGS, '--account'],
  boolFlags: ['--json'],
};

export const mailSpec: CommandSpec = {
  name: 'mail',
  help: `  zamburak mail send --to ADDR[,ADDR…] [--cc ADDR[,…]] --subject TEXT (--body TEXT | --body-file F)
                     [--attach FILE]… [--account NAME] [--profile DIR] [--json] [--no-wait]
  zamburak mail reply ID [--all] (--body TEXT | --body-file F) [--attach FILE]… [--profile DIR] [--json]
  zamburak mail forward ID --to ADDR[,…] [--body TEXT] [--profile DIR] [--json]
  zamburak mail undo ID [--profile DIR]
      Your own messages, through the same outbox as an approved claim (exactly once, a Sent
      copy, threading headers). --json prints {"id","status","sendAt"} as soon as the message is
      queued; the command then waits out the undo window and sends it, unless mail undo ID
      cancelled it (exit 1) or a running app sent it first.
  zamburak mail archive|read|unread|folders ID | move ID FOLDER [--profile DIR] [--json]
      Your own changes to a message (on a real account's server first; the store follows).`,
  valueFlags: [...PROFILE_FLAGS, '--to', '--cc', '--subject', '--body', '--body-file', '--attach', '--account'],
  boolFlags: ['--json', '--all', '--no-wait'],
};

/**
 * The keys of the contract's Settings (main/services/settings-service.ts SETTING_KEYS), written out
 * so `--help` does not load the contract's schemas; test/apps/cli holds the two equal.
 */
export const SETTING_NAMES = ['paused', 'undoWindowSeconds', 'theme'] as const;

export const settingsSpec: CommandSpec = {
  name: 'settings',
  help: `  zamburak settings get [KEY] | set KEY VALUE [--profile DIR] [--json]
      Every app setting: ${SETTING_NAMES.join(', ')} (e.g. settings set undoWindowSeconds 30).`,
  valueFlags: [...PROFILE_FLAGS],
  boolFlags: ['--json'],
};

export const providerSpec: CommandSpec = {
  name: 'provider',
  help: `  zamburak provider add NAME --kind openai|anthropic --url URL --model MODEL [--key-env VAR]
          [--for planner,extractor] [--price-in USD --price-out USD] [--profile DIR]
  zamburak provider use NAME|none --for planner,extractor [--profile DIR]
  zamburak provider budget [--run-tokens N] [--day-tokens N] [--run-cost USD|none] [--day-cost USD|none]
  zamburak provider list|test NAME|remove NAME [--json] [--profile DIR]
      Language-model providers (OpenAI-compatible: OpenAI, Ollama, LM Studio, llama.cpp, vLLM;
      or Anthropic). The key is read from the environment variable VAR into the secret store.
      A feature (planner, extractor) has one provider; prices are USD per million tokens; a run
      stops when its or the day's (UTC) token or money budget is reached.`,
  valueFlags: [
    ...PROFILE_FLAGS,
    '--kind',
    '--url',
    '--model',
    '--key-env',
    '--for',
    '--price-in',
    '--price-out',
    '--run-tokens',
    '--day-tokens',
    '--run-cost',
    '--day-cost',
  ],
  boolFlags: ['--json'],
};

export const serveSpec: CommandSpec = {
  name: 'serve',
  help: `  zamburak serve (--profile DIR | --world FILE) [--port N] [--no-open]
      The app in your browser, on 127.0.0.1 only, with an access token in the printed URL.
      With --world, a fresh temporary profile whose demo account holds that world.`,
  valueFlags: ['--profile', '--db', '--world', '--port'],
  boolFlags: ['--no-open'],
  staysRunning: true,
};
