/**
 * The engine's public API: what the CLI, the app and the tests use. Internals stay internal.
 */
export { compilePlan, PlanRejected, type CompiledPlan } from './plan';
export { runPlan, type RunOptions } from './run/run-plan';
export {
  simulate,
  loadWorld,
  loadPolicyFile,
  InputError,
  type SimulateOptions,
  type SimulateResult,
} from './run/simulate';
export * from './run/types';
export * from './ifc/label';
export * from './ifc/labeled-value';
export * from './gate/types';
export { minimalGate } from './gate/minimal';
export * from './tools/types';
