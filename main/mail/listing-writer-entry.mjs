// Worker bootstrap when running from source: the worker is TypeScript, loaded through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./listing-writer-worker.ts');
