/**
 * App-wide state (zustand): who and where we are, settings, the Review badge, and the status
 * line (one message at a time, optionally with an undo). Screens keep their own data.
 */
import { create } from 'zustand';
import type { AccountView, AppInfo, Settings } from '../../preload/contract';
import { api, errorText } from './api';
import { takeBootstrapped } from './bootstrap';
import { currentRoute, type Screen } from './route';

export interface Status {
  readonly text: string;
  readonly tone: 'info' | 'ok' | 'error';
  readonly undo?: () => Promise<void>;
  /** When the undo stops being possible (ms since the epoch): the offer then goes, on every screen. */
  readonly undoUntil?: number;
  /** What the line says once that window has closed ("Sent …"); without it the offer just goes. */
  readonly afterUndoWindow?: Status;
  /** The screen it belongs to: the one shown when it is set, unless it says (a countdown that goes on elsewhere). */
  readonly screen?: Screen;
  /** Work under way ("Triaging new mail…"): stays until what follows it replaces it. */
  readonly busy?: boolean;
}

/** Which mail the Inbox shows: one account's (its id) or every account's (null), and a folder. */
export interface Mailbox {
  readonly account: string | null;
  readonly folder: string;
}

interface AppState {
  info: AppInfo | null;
  settings: Settings | null;
  status: Status | null;
  /** When and on which screen the status was set: how long it stays (./status-life.ts). */
  statusSince: number;
  statusScreen: Screen;
  accounts: readonly AccountView[];
  mailbox: Mailbox;
  setMailbox(patch: Partial<Mailbox>): void;
  refresh(): Promise<void>;
  setStatus(s: Status | null): void;
  report(e: unknown): void;
  updateSettings(patch: Partial<Settings>): Promise<void>;
}

export const useApp = create<AppState>((set, get) => ({
  // In the browser host the page carries them: the shell's first frame shows the account and theme.
  info: takeBootstrapped<AppInfo>('app.info', []) ?? null,
  settings: takeBootstrapped<Settings>('settings.get', []) ?? null,
  status: null,
  statusSince: 0,
  statusScreen: 'inbox',
  accounts: takeBootstrapped<AccountView[]>('accounts.list', []) ?? [],
  mailbox: { account: null, folder: 'INBOX' },
  setMailbox: (patch) => set({ mailbox: { ...get().mailbox, ...patch } }),
  async refresh() {
    try {
      const [info, settings, accounts] = await Promise.all([api.app.info(), api.settings.get(), api.accounts.list()]);
      const { account } = get().mailbox;
      // An account removed elsewhere: back to every account's mail.
      if (account !== null && !accounts.some((a) => a.id === account)) get().setMailbox({ account: null });
      set({ info, settings, accounts });
    } catch (e) {
      get().report(e);
    }
  },
  // The status object is kept as given: its setter may check later that it is still the one shown.
  setStatus: (status) =>
    set({ status, statusSince: Date.now(), statusScreen: status?.screen ?? currentRoute().screen }),
  report: (e) => get().setStatus({ text: errorText(e), tone: 'error' }),
  async updateSettings(patch) {
    try {
      const settings = await api.settings.set(patch);
      set({ settings });
      await get().refresh();
    } catch (e) {
      get().report(e);
    }
  },
}));

/** What the shell shows first: in the page, from the answers the host wrote into it. */
export type FirstShell = Pick<AppState, 'info' | 'settings' | 'accounts'>;

/**
 * Starts the store from the host's answers for its render of the first screen
 * (./first-screen.tsx, in Node, where the page's answers are not there to read). zustand renders
 * on a server, and React takes that render over in the page, from the store's initial state, not
 * its current one: the page makes that from the same answers as it starts, so this sets both.
 */
export function startShell(shell: FirstShell): void {
  Object.assign(useApp.getInitialState(), shell);
  useApp.setState(shell);
}
