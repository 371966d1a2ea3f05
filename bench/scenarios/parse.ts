/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its settings (ROUNDS, AGAINST) from the environment bench/run.ts gives it */
/**
 * The node's XML reading of 501 recipient pages, fetched once, against fast-xml-parser alone and
 * its validator then its parser (and with AGAINST the other version's reading): ROUNDS rounds
 * (default 10) of one pass of each, the order alternating, after a warm-up.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { IDataObject } from 'n8n-workflow';

import { DEMO_CREDENTIALS } from '../../emulator';
import { xmlList } from '../../nodes/MadMimi/parsing';
import { PARSER_OPTIONS } from '../../test/support/fastXmlParser';
import { xmlList as againstXmlList } from '../against';
import { baseUrl, control, median, runScenario, setLatency, timedSync } from './shared';

/** fast-xml-parser configured to build the tree the node's one-pass reader builds (without its validator, which the parser needs to refuse malformed input). */
const plainParser = new XMLParser(PARSER_OPTIONS);

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
		const url = `${baseUrl}/promotions/3/mailings/34/bounced.xml?page=${page}&per_page=100&username=${encodeURIComponent(DEMO_CREDENTIALS.username)}&api_key=${DEMO_CREDENTIALS.apiKey}`;
		const text = await (await fetch(url)).text();
		const count = plainRecords(text);
		if (count > 0) pages.push(text);
		if (count < 100) break;
	}
	return pages;
}

/** The figures of the other version's reading (`--against`): its time over the node's, per round. */
function againstFigures(
	spec: string,
	records: number,
	againstRecords: number,
	nodeMs: number[],
	againstMs: number[],
): Record<string, unknown> {
	const ratios = againstMs.map((theirs, i) => theirs / nodeMs[i]);
	return {
		against: spec,
		againstRecords,
		againstMs,
		againstRecordsPerSecond: Math.round(againstRecords / (median(againstMs) / 1000)),
		againstRatioMedian: median(ratios),
		againstRatioMin: Math.min(...ratios),
		againstRatioMax: Math.max(...ratios),
		sameRecordCount: againstRecords === records,
	};
}

async function parse(): Promise<Record<string, unknown>> {
	const rounds = Number(process.env.ROUNDS ?? 10);
	const pages = await recipientPages();
	const bytes = pages.reduce((sum, p) => sum + Buffer.byteLength(p), 0);
	// AGAINST (set by `--against`): the node's reading by the other version too (bench/against.ts)
	const against = process.env.AGAINST;
	const passes = {
		node: () => pages.reduce((sum, page) => sum + xmlList(page).records.length, 0),
		fxp: () => pages.reduce((sum, page) => sum + plainRecords(page), 0),
		checked: () =>
			pages.reduce(
				(sum, page) => sum + (XMLValidator.validate(page) === true ? plainRecords(page) : 0),
				0,
			),
		against: () =>
			against ? pages.reduce((sum, page) => sum + againstXmlList(page).records.length, 0) : 0,
	};
	// warm-up: two passes of each
	for (let i = 0; i < 2; i++) for (const pass of Object.values(passes)) pass();
	const ms: Record<keyof typeof passes, number[]> = { node: [], fxp: [], checked: [], against: [] };
	const counts: Record<keyof typeof passes, number> = { node: 0, fxp: 0, checked: 0, against: 0 };
	for (let r = 0; r < rounds; r++) {
		const order: Array<keyof typeof passes> =
			r % 2 === 0 ? ['node', 'against', 'fxp', 'checked'] : ['checked', 'fxp', 'against', 'node'];
		for (const name of order) {
			const { result, ms: took } = timedSync(passes[name]);
			counts[name] = result;
			ms[name].push(took);
		}
	}
	const records = counts.node;
	const ratios = ms.node.map((nodeMs, i) => ms.fxp[i] / nodeMs);
	const checkedRatios = ms.node.map((nodeMs, i) => ms.checked[i] / nodeMs);
	return {
		pages: pages.length,
		records,
		fxpRecords: counts.fxp,
		checkedRecords: counts.checked,
		xmlMegabytes: bytes / 1e6,
		rounds,
		nodeMs: ms.node,
		fxpMs: ms.fxp,
		checkedMs: ms.checked,
		nodeRecordsPerSecond: Math.round(records / (median(ms.node) / 1000)),
		fxpRecordsPerSecond: Math.round(records / (median(ms.fxp) / 1000)),
		checkedRecordsPerSecond: Math.round(records / (median(ms.checked) / 1000)),
		checkedRatioMedian: median(checkedRatios),
		checkedRatioMin: Math.min(...checkedRatios),
		checkedRatioMax: Math.max(...checkedRatios),
		ratioMedian: median(ratios),
		ratioMin: Math.min(...ratios),
		ratioMax: Math.max(...ratios),
		...(against ? againstFigures(against, records, counts.against, ms.node, ms.against) : {}),
	};
}

runScenario('parse', parse);
