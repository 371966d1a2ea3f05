/**
 * The node's XML reading as another version of the code reads it, for the `parse` scenario's
 * side-by-side pass. With `npm run bench -- --against <rev>:<path>,…`, bench/run.ts bundles this
 * import from a copy of nodes/ in which those paths are as they were at <rev>, so one process
 * times both versions on the same pages. Without `--against` it is the current code.
 */
export { xmlList } from '../nodes/MadMimi/parsing';
