import { TEXT, ATTR, CDATA } from '../../nodes/MadMimi/parsing/xmlTree';

/**
 * fast-xml-parser's settings under which it builds the tree the node's own reader builds
 * (nodes/MadMimi/parsing/xmlTree.ts): the benchmark measures the bare parser with them, and a
 * property test compares the two trees on generated documents.
 */
export const PARSER_OPTIONS = {
	ignoreAttributes: false,
	attributeNamePrefix: ATTR,
	textNodeName: TEXT,
	parseTagValue: false,
	parseAttributeValue: false,
	processEntities: false,
	htmlEntities: false,
	ignoreDeclaration: true,
	ignorePiTags: true,
	trimValues: true,
	commentPropName: false,
	cdataPropName: CDATA,
} as const;
