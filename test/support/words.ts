/** A table of test values written apart by spaces, tabs or line ends (no value holds any). */
export const words = (table: string): string[] => table.trim().split(/[ \t\n]+/);
