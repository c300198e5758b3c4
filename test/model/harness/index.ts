export { controlledCallback, controlledPromise, type ControlledCallback, type ControlledPromise } from './controlled-actor';
export {
  assertFullCoverage,
  chartTransitionId,
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
export { assertedKeys, describePaths, pathId, type QaPath, type QaStep } from './paths';
export { buildQaReport, readPaths, recordPaths, type PathsRecord, type QaReport } from './report';
