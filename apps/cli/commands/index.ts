/**
 * Every `zamburak` command, in the order `--help` lists them. A new command is one module in
 * this folder and one line here.
 */
import { accountCommand } from './account';
import { askCommand } from './ask';
import { auditCommand, keygenCommand } from './audit';
import { claimsCommand } from './claims';
import { initCommand } from './init';
import { mailCommand } from './mail';
import { testPolicyCommand, validateCommand } from './policy';
import { providerCommand } from './provider';
import { runCommand } from './run';
import { serveCommand } from './serve';
import { settingsCommand } from './settings';
import { syncCommand } from './sync';
import { triageCommand } from './triage';
import type { Command } from './types';

export const COMMANDS: readonly Command[] = [
  runCommand,
  validateCommand,
  testPolicyCommand,
  initCommand,
  claimsCommand,
  auditCommand,
  keygenCommand,
  triageCommand,
  askCommand,
  accountCommand,
  syncCommand,
  mailCommand,
  settingsCommand,
  providerCommand,
  serveCommand,
];
