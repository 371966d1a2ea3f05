/**
 * The node and its XML reading as another version of the code has them, for the side-by-side
 * passes of the `parse` and `recipients50k` scenarios. With `npm run bench -- --against
 * <rev>:<path>,…`, bench/run.ts bundles these imports from a copy of nodes/ in which those paths
 * are as they were at <rev>, so one process times both versions, interleaved, on the same data.
 * Without `--against` they are the current code.
 */
export { MadMimi } from '../nodes/MadMimi/MadMimi.node';
export { xmlList } from '../nodes/MadMimi/parsing';
