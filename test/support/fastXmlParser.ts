/**
 * fast-xml-parser's settings for the benchmark's measure of the bare parser beside the node's own
 * reader (nodes/MadMimi/parsing/xmlTree.ts): attributes kept, nothing converted or expanded.
 */
export const PARSER_OPTIONS = {
	ignoreAttributes: false,
	attributeNamePrefix: '@_',
	textNodeName: '#text',
	parseTagValue: false,
	parseAttributeValue: false,
	processEntities: false,
	htmlEntities: false,
	ignoreDeclaration: true,
	ignorePiTags: true,
	trimValues: true,
	commentPropName: false,
	cdataPropName: '#cdata',
} as const;
