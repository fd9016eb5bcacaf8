/**
 * App-wide state (zustand): who and where we are, settings, the Review badge, and the status
 * line (one message at a time, optionally with an undo). Screens keep their own data.
 */
import { create } from 'zustand';
import type { AppInfo, Settings } from '../../preload/contract';
import { api, errorText } from './api';

export interface Status {
  readonly text: string;
  readonly tone: 'info' | 'ok' | 'error';
  readonly undo?: () => Promise<void>;
}

interface AppState {
  info: AppInfo | null;
  settings: Settings | null;
  status: Status | null;
  refresh(): Promise<void>;
  setStatus(s: Status | null): void;
  report(e: unknown): void;
  updateSettings(patch: Partial<Settings>): Promise<void>;
}

export const useApp = create<AppState>((set, get) => ({
  info: null,
  settings: null,
  status: null,
  async refresh() {
    try {
      const [info, settings] = await Promise.all([api.app.info(), api.settings.get()]);
      set({ info, settings });
    } catch (e) {
      get().report(e);
    }
  },
  setStatus: (status) => set({ status }),
  report: (e) => set({ status: { text: errorText(e), tone: 'error' } }),
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
