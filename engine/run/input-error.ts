/**
 * A bad input file: the message holds `file:line:col: message` lines. A module of its own so the
 * command line can catch it without loading the engine.
 */
export class InputError extends Error {}
