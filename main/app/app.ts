/**
 * The app's services over one profile, for both front doors (Electron and the browser host):
 * the handlers of every contract call, the router in front of them, and the scheduler that
 * commits approved claims once their undo window has passed — unless the person paused
 * everything automatic.
 */
import type { ZamburakHandlers } from '../../preload/contract';
import type { Profile } from '../profile/profile';
import type { ClaimsService } from '../services/claims-service';
import { createServices, type Services } from '../services/services';
import type { Transport } from '../outbox/transport';
import { syncAccounts, syncTarget } from '../accounts/accounts';
import { EngineHost } from '../engine-host/engine-host';
import { watchInbox, type InboxWatch } from '../mail/idle';
import { leftOutLine, syncCalendars } from '../accounts/calendars';
import { triageProfile } from '../assistant/triage';
import { askHandlers } from './ask';
import { providersHandlers } from './providers';
import { auditHandlers } from './audit';
import { claimsHandlers } from './claims';
import { mailHandlers } from './mail';
import { inboxHandlers, type AppContext } from './inbox';
import { createRouter, ServiceError, type Router } from './router';
import { accountsHandlers, policiesHandlers, readSettings, settingsHandlers } from './settings';
import { DEMO_ACCOUNT_ID } from '../profile/profile';
import { showTimesAs } from '../profile/time-style';
import { isPaused } from '../runs/paused';

export interface AppOptions {
  readonly host: 'electron' | 'browser';
  readonly versions: { app: string; electron: string; chrome: string; node: string };
  readonly clock?: () => Date;
  readonly transports?: ReadonlyMap<string, Transport>;
  /** How often the scheduler looks for due commits (ms). */
  readonly tickMs?: number;
  /** Run plans in an engine worker thread (default true): a runaway plan never blocks the app. */
  readonly engineWorker?: boolean;
  /** How often real accounts are synced, and new mail triaged (ms; default 2 minutes). */
  readonly syncEveryMs?: number;
}

export interface App {
  readonly profile: Profile;
  readonly router: Router;
  readonly claims: ClaimsService;
  readonly services: Services;
  /** Audits a request refused before it reached the router (too large, not JSON). */
  refused(call: string, message: string, origin: string): void;
  /** Runs the scheduler once (tests; the timer calls it too). */
  tick(): Promise<void>;
  stop(): void;
}

/**
 * One pass over the real accounts (mail, then calendars), and triage of what arrived. The demo
 * account is never synced, and its mail is triaged when the person asks.
 */
async function syncAndTriage(p: Profile, engine: EngineHost | undefined): Promise<void> {
  if (!p.repos.accounts.list().some((a) => a.transport === 'imap')) return;
  const mail = await syncAccounts(p);
  for (const c of await syncCalendars(p)) {
    for (const e of c.result?.errors ?? [])
      console.error(`zamburak: calendar of ${c.account}: ${e.href} was not stored: ${e.message}`);
    for (const l of c.result?.attendeesLeftOut ?? [])
      console.error(`zamburak: calendar of ${c.account}: ${leftOutLine(l)}`);
  }
  for (const r of mail) if (r.error) console.error(`zamburak: sync of ${r.account}: ${r.error.message}`);
  // Every real account's new mail, not only the primary's.
  for (const account of p.repos.accounts.list().filter((a) => a.transport === 'imap'))
    await triageProfile(p, { account, ...(engine ? { engine } : {}) });
}

/** IDLE on each real account's INBOX: new mail is stored at once and triaged on the next tick. */
function watchRealInboxes(p: Profile, engine: EngineHost | undefined, onNew: () => void): Promise<InboxWatch | null>[] {
  return p.repos.accounts
    .list()
    .filter((a) => a.transport === 'imap')
    .map((a) =>
      syncTarget(p, a).then(
        (t) =>
          watchInbox(
            { db: p.db, repos: p.repos, attachmentsDir: p.files.attachments },
            t,
            (r) => {
              if (r.added > 0 && !isPaused(p))
                void triageProfile(p, { account: a, ...(engine ? { engine } : {}) }).then(onNew);
            },
            (e) => console.error(`zamburak: watching ${a.name}: ${e.message}`),
          ),
        () => null,
      ),
    );
}

export function createApp(profile: Profile, o: AppOptions): App {
  const clock = o.clock ?? (() => new Date());
  const services = createServices(profile, { clock, ...(o.transports ? { transports: o.transports } : {}) });
  const { claims, policies } = services;
  const engine = o.engineWorker === false ? undefined : new EngineHost();
  const ctx: AppContext = {
    profile,
    clock,
    ...(engine ? { engine } : {}),
    assertRunning() {
      if (readSettings(ctx).paused)
        throw new ServiceError('conflict', 'Zamburak is paused: turn the pause off to run the assistant.');
    },
  };
  const handlers: ZamburakHandlers = {
    engine: { version: () => o.versions },
    app: {
      info() {
        const account = profile.primaryAccount();
        return {
          host: o.host,
          demo: account.id === DEMO_ACCOUNT_ID,
          account: { id: account.id, name: account.name, email: account.email, userName: account.userName },
          paused: readSettings(ctx).paused,
          pendingClaims: profile.claims.countPending(),
        };
      },
      display(style) {
        showTimesAs(profile, style);
        return { ok: true as const };
      },
    },
    inbox: inboxHandlers(ctx, claims),
    mail: mailHandlers(services.send),
    claims: claimsHandlers(ctx, claims, policies),
    ask: askHandlers(ctx),
    audit: auditHandlers(ctx),
    policies: policiesHandlers(policies),
    settings: settingsHandlers(ctx),
    accounts: accountsHandlers(ctx),
    providers: providersHandlers(ctx),
  };
  const refused = (call: string, message: string, origin: string) => {
    profile.audit.append({
      kind: 'security.refused-request',
      data: { call: call.slice(0, 100), message: message.slice(0, 500), origin },
    });
  };
  const router = createRouter(handlers, {
    onRefused: refused,
    onFailure: (call, error) => console.error(`zamburak: ${call} failed:`, (error as Error).message),
  });

  let busy = false;
  let lastSync = 0;
  const tick = async () => {
    if (busy || readSettings(ctx).paused) return;
    busy = true;
    try {
      await claims.commitDue();
      if (Date.now() - lastSync >= (o.syncEveryMs ?? 120_000)) {
        lastSync = Date.now();
        await syncAndTriage(profile, engine);
      }
    } finally {
      busy = false;
    }
  };
  const watches = watchRealInboxes(profile, engine, () => void tick());
  const timer = setInterval(
    () => void tick().catch((e: unknown) => console.error('zamburak: outbox:', e)),
    o.tickMs ?? 500,
  );
  timer.unref();
  return {
    profile,
    router,
    claims,
    services,
    refused,
    tick,
    stop() {
      clearInterval(timer);
      void engine?.close();
      for (const w of watches) void w.then((x) => x?.stop());
    },
  };
}
