/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its settings (ROUNDS, AGAINST) from the environment bench/run.ts gives it */
/**
 * The node's XML reading of 501 recipient pages, fetched once, against fast-xml-parser alone and
 * its validator then its parser (and with AGAINST the other version's reading): ROUNDS rounds
 * (default 10) of one pass of each, the order alternating, after a warm-up.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { IDataObject } from 'n8n-workflow';

import { xmlList } from '../../nodes/MadMimi/parsing';
import { xmlList as againstXmlList } from '../against';
import {
	auth,
	baseUrl,
	control,
	interleave,
	median,
	ratios,
	runScenario,
	setLatency,
	timed,
} from './shared';

/**
 * fast-xml-parser configured to build the tree the node's one-pass reader builds (without its
 * validator, which the parser needs to refuse malformed input): attributes kept, nothing converted
 * or expanded.
 */
const plainParser = new XMLParser({
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
});

/** The records of a document parsed by fast-xml-parser alone: the root's child elements. */
function plainRecords(xml: string): number {
	const parsed = plainParser.parse(xml) as IDataObject;
	let count = 0;
	for (const rootName in parsed) {
		if (rootName === '#text') continue;
		const root = parsed[rootName];
		if (root === null || typeof root !== 'object') continue;
		for (const key in root as IDataObject) {
			if (key.startsWith('@_') || key === '#text' || key === '#cdata') continue;
			const children = (root as IDataObject)[key];
			count += Array.isArray(children) ? children.length : 1;
		}
	}
	return count;
}

/** The bounced recipients of mailing 34 as the service pages them (100 a page), read once at no latency. */
async function recipientPages(): Promise<string[]> {
	await control('POST', '/recipients', {
		promotionId: 3,
		mailingId: 34,
		outcome: 'bounced',
		count: 50_000,
	});
	await setLatency(0);
	const pages: string[] = [];
	for (let page = 1; ; page++) {
		const query = new URLSearchParams({ page: String(page), per_page: '100', ...auth });
		const url = `${baseUrl}/promotions/3/mailings/34/bounced.xml?${query}`;
		const text = await (await fetch(url)).text();
		const count = plainRecords(text);
		if (count > 0) pages.push(text);
		if (count < 100) break;
	}
	return pages;
}

async function parse(): Promise<Record<string, unknown>> {
	const rounds = Number(process.env.ROUNDS ?? 10);
	const pages = await recipientPages();
	const bytes = pages.reduce((sum, p) => sum + Buffer.byteLength(p), 0);
	// AGAINST (set by `--against`): the node's reading by the other version too (bench/against.ts)
	const against = process.env.AGAINST;
	const read = (records: (page: string) => number) => () =>
		pages.reduce((sum, page) => sum + records(page), 0);
	const passes = {
		node: read((page) => xmlList(page).records.length),
		fxp: read(plainRecords),
		checked: read((page) => (XMLValidator.validate(page) === true ? plainRecords(page) : 0)),
		against: read((page) => (against ? againstXmlList(page).records.length : 0)),
	};
	type Pass = keyof typeof passes;
	// warm-up: two passes of each
	for (let i = 0; i < 2; i++) for (const pass of Object.values(passes)) pass();
	const ms: Record<Pass, number[]> = { node: [], fxp: [], checked: [], against: [] };
	const counts = {} as Record<Pass, number>;
	for (const name of interleave<Pass>(['node', 'against', 'fxp', 'checked'], rounds)) {
		const { result, ms: took } = await timed(passes[name]);
		counts[name] = result;
		ms[name].push(took);
	}
	const perSecond = (times: number[]) => Math.round(counts.node / (median(times) / 1000));
	return {
		pages: pages.length,
		records: counts.node,
		// each pass read them all (the validator let every page through)
		sameCounts: [counts.fxp, counts.checked, against ? counts.against : counts.node].every(
			(count) => count === counts.node,
		),
		xmlMegabytes: bytes / 1e6,
		rounds,
		nodeRecordsPerSecond: perSecond(ms.node),
		fxpRecordsPerSecond: perSecond(ms.fxp),
		checkedRecordsPerSecond: perSecond(ms.checked),
		fxpRatio: ratios(ms.node, ms.fxp),
		checkedRatio: ratios(ms.node, ms.checked),
		...(against
			? {
					against,
					againstRecordsPerSecond: perSecond(ms.against),
					againstRatio: ratios(ms.node, ms.against),
				}
			: {}),
	};
}

runScenario('parse', parse);
