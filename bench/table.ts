/* eslint-disable no-console -- a benchmark's output: printed to the terminal by `npm run bench*`, never loaded by n8n */
/** Prints a Markdown table, each column as wide as its widest cell, so that it reads in a terminal and pastes into bench/README.md. */
export function printTable(header: string[], rows: string[][]): void {
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
	const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
	console.log(line(header));
	console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
	for (const row of rows) console.log(line(row));
}
