export type { Area, AreaMap, Connection, ConnectionKind } from "./types.js";
export { AreaMapError, mapProblems, requireArea, validateMap } from "./validate.js";
export { carriesMove, carriesSight } from "./graph.js";
export { rangeBetween, rangeToMover } from "./range.js";
export { fewestMarksOnShortestPaths, lineOfSight, lineOfSightToMover } from "./sight.js";
export { coverAgainst, type CoverReading } from "./cover.js";
export { doorBetween, moveCheck, setDoor, stepProblem, type MoveCheck, type MoveKind, type StepProblem } from "./movement.js";
export { NIGHTCLUB } from "./nightclub.js";
