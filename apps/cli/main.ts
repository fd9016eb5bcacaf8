// Placeholder entry point of the `zamburak` CLI; the real command dispatcher replaces it.
const HELP = 'zamburak — commands: run, validate, test-policy, audit, serve';

const args = process.argv.slice(2);
if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
  console.log(HELP);
} else {
  console.error(`zamburak: unknown command '${args[0]}'\n${HELP}`);
  process.exitCode = 2;
}

export {};
