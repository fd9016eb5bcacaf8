/**
 * Every `zamburak` command, in the order `--help` lists them. A new command is one module in
 * this folder and one line here.
 */
import { notYet } from './not-yet';
import { testPolicyCommand, validateCommand } from './policy';
import { runCommand } from './run';
import type { Command } from './types';

export const COMMANDS: readonly Command[] = [
  runCommand,
  validateCommand,
  testPolicyCommand,
  notYet(
    'audit',
    `  zamburak audit list|show|verify --db FILE
      Query and verify the audit log (arrives with the app's store).`,
    "the app's store",
  ),
  notYet(
    'serve',
    `  zamburak serve
      The browser host of the app (arrives with the UI).`,
    'the UI',
  ),
];
