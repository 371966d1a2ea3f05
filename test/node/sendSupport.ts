/** The placeholders of Email → Send and Promotion → Send, given as name → value. */
export const placeholders = (values: Record<string, string>) => ({
	placeholder: Object.entries(values).map(([name, value]) => ({ name, value })),
});
