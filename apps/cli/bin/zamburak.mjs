#!/usr/bin/env node
// The `zamburak` command. The CLI is TypeScript that imports the engine's sources directly
// (extensionless imports, no build step), so this shim registers tsx's ESM loader first.
import { register } from 'tsx/esm/api';

register();
await import('../main.ts');
