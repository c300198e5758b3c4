export { controlledCallback, controlledPromise, type ControlledCallback, type ControlledPromise } from './controlled-actor';
export {
  assertFullCoverage,
  createTracer,
  eventLabel,
  guardName,
  measureCoverage,
  stateNodesOf,
  statesWithoutAssertion,
  transitionsOf,
  type AssertCoverageOptions,
  type CoverageCount,
  type CoverageOptions,
  type CoverageResult,
  type PathLike,
  type TransitionInfo,
} from './coverage';
export {
  coveringPaths,
  createModel,
  machineStateMatcher,
  pathName,
  type ActorSettledEvent,
  type ModelEvent,
  type ModelOptions,
} from './model';
export { formatCoverageTable, mergeCoverage, readCoverage, recordCoverage, type CoverageRecord } from './report';
