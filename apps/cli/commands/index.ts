/**
 * Every `zamburak` command, in the order `--help` lists them. A new command is one module in
 * this folder, its spec in specs.ts and one line here. A command's module is imported only when
 * it runs (the build splits each into its own chunk), so `--help` and `run --world` load neither
 * SQLite nor the mail and LLM code.
 */
import * as spec from './specs';
import type { Command, CommandSpec, ListedCommand } from './types';

const lazy = (s: CommandSpec, load: () => Promise<Command>): ListedCommand => ({ ...s, load });

export const COMMANDS: readonly ListedCommand[] = [
  lazy(spec.runSpec, async () => (await import('./run')).runCommand),
  lazy(spec.validateSpec, async () => (await import('./policy')).validateCommand),
  lazy(spec.testPolicySpec, async () => (await import('./policy')).testPolicyCommand),
  lazy(spec.initSpec, async () => (await import('./init')).initCommand),
  lazy(spec.claimsSpec, async () => (await import('./claims')).claimsCommand),
  lazy(spec.auditSpec, async () => (await import('./audit')).auditCommand),
  lazy(spec.keygenSpec, async () => (await import('./audit')).keygenCommand),
  lazy(spec.triageSpec, async () => (await import('./triage')).triageCommand),
  lazy(spec.askSpec, async () => (await import('./ask')).askCommand),
  lazy(spec.accountSpec, async () => (await import('./account')).accountCommand),
  lazy(spec.syncSpec, async () => (await import('./sync')).syncCommand),
  lazy(spec.mailSpec, async () => (await import('./mail')).mailCommand),
  lazy(spec.settingsSpec, async () => (await import('./settings')).settingsCommand),
  lazy(spec.providerSpec, async () => (await import('./provider')).providerCommand),
  lazy(spec.serveSpec, async () => (await import('./serve')).serveCommand),
];
