/**
 * How the node code hangs together, in figures: `node scripts/structure-report.mjs [dir]`
 * (default: this checkout; give another checkout's folder to compare, e.g. a `git worktree` of
 * an older commit). With `--check` (run by `npm run lint`) it prints only the layering's
 * figures and fails when any is not 0.
 *
 * - The import graph of `nodes/`: its cycles (value imports; `import type` leaves no edge at run
 *   time), and the imports that break the layering of CONTRIBUTING.md's map (LAYERS below).
 * - The largest functions (lines, by the TypeScript syntax tree) and files of the node code and
 *   of the tooling (scripts, e2e, bench, emulator).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

const CHECK = process.argv.includes('--check');
const ROOT = path.resolve(
	process.argv.slice(2).find((arg) => arg !== '--check') ??
		path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);
const NODE_DIRS = ['nodes', 'credentials'];
const TOOLING_DIRS = ['scripts', 'e2e', 'bench', 'emulator'];

function filesUnder(dir, pattern) {
	const full = path.join(ROOT, dir);
	if (!fs.existsSync(full)) return [];
	return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
		const rel = path.join(dir, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(rel, pattern);
		return pattern.test(entry.name) ? [rel] : [];
	});
}

const nodeFiles = NODE_DIRS.flatMap((d) => filesUnder(d, /\.ts$/)).filter(
	(f) => !f.endsWith('.d.ts'),
);
const toolingFiles = TOOLING_DIRS.flatMap((d) => filesUnder(d, /\.(ts|mjs|js)$/));

function sourceOf(file) {
	return ts.createSourceFile(
		file,
		fs.readFileSync(path.join(ROOT, file), 'utf8'),
		ts.ScriptTarget.Latest,
		true,
	);
}

/** The node files a file imports, each with whether the import is of types only (no edge at run time). */
function importsOf(file) {
	const source = sourceOf(file);
	const found = [];
	for (const statement of source.statements) {
		const isImport = ts.isImportDeclaration(statement);
		const isExport = ts.isExportDeclaration(statement) && statement.moduleSpecifier;
		if (!isImport && !isExport) continue;
		let typeOnly = isImport ? Boolean(statement.importClause?.isTypeOnly) : statement.isTypeOnly;
		if (isImport && statement.importClause && !statement.importClause.name) {
			const bindings = statement.importClause.namedBindings;
			if (
				bindings &&
				ts.isNamedImports(bindings) &&
				bindings.elements.length > 0 &&
				bindings.elements.every((e) => e.isTypeOnly)
			)
				typeOnly = true;
		}
		const spec = statement.moduleSpecifier.text;
		if (!spec.startsWith('.')) continue;
		const base = path.join(path.dirname(file), spec);
		const target = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) =>
			nodeFiles.includes(candidate),
		);
		if (target) found.push({ target, typeOnly });
	}
	return found;
}

const allImports = new Map(nodeFiles.map((f) => [f, importsOf(f)]));
const graph = new Map(
	[...allImports].map(([file, imports]) => [
		file,
		imports.filter((i) => !i.typeOnly).map((i) => i.target),
	]),
);
const edgeCount = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);

/** Strongly connected components of more than one file (Tarjan). */
function cycles() {
	let index = 0;
	const stack = [];
	const meta = new Map();
	const found = [];
	function visit(file) {
		meta.set(file, { index, low: index, onStack: true });
		index++;
		stack.push(file);
		for (const next of graph.get(file)) {
			if (!meta.has(next)) {
				visit(next);
				meta.get(file).low = Math.min(meta.get(file).low, meta.get(next).low);
			} else if (meta.get(next).onStack)
				meta.get(file).low = Math.min(meta.get(file).low, meta.get(next).index);
		}
		if (meta.get(file).low === meta.get(file).index) {
			const component = [];
			let member;
			do {
				member = stack.pop();
				meta.get(member).onStack = false;
				component.push(member);
			} while (member !== file);
			if (component.length > 1) found.push(component.sort());
		}
	}
	for (const file of nodeFiles) if (!meta.has(file)) visit(file);
	return found;
}

/*
 * The layers of the node code, bottom first (CONTRIBUTING.md's map): a file imports its own layer
 * and those below it, never one above. Two rules come on top: an operation imports no other
 * resource's files, and only the api layer (with transport/ and parsing/ themselves) imports
 * transport/ or parsing/, types included.
 */
const LAYERS = [
	'settings and helpers', // settings.ts, helpers/: pure, n8n-workflow at most
	'parsing', // reading the service's answers
	'transport', // one request: retries, limits, errors
	'api', // every endpoint of the service, one module per resource
	'locators and descriptions', // the editor's fields
	'shared actions and methods', // the item loop, the client of a run, retries; the editor's searches
	'operations', // actions/<resource>/
	'nodes', // the router and resource list, the node files, the trigger, the credentials
];

/** Which layer a file belongs to, and for an operation its resource. */
function partOf(file) {
	const parts = file.split(path.sep);
	const rank = (name) => LAYERS.indexOf(name);
	if (parts[0] === 'credentials' || parts[1] === 'MadMimiTrigger') return { rank: rank('nodes') };
	const [folder] = parts.slice(2);
	if (folder === 'settings.ts' || folder === 'helpers')
		return { rank: rank('settings and helpers'), folder };
	if (folder === 'parsing' || folder === 'transport' || folder === 'api')
		return { rank: rank(folder), folder };
	if (folder === 'locators' || folder === 'descriptions')
		return { rank: rank('locators and descriptions'), folder };
	if (folder === 'methods') return { rank: rank('shared actions and methods'), folder };
	if (folder === 'actions' && parts.length > 4)
		return { rank: rank('operations'), resource: parts[3] };
	if (folder === 'actions' && /^(resources|router)\.ts$/.test(parts[3]))
		return { rank: rank('nodes') };
	if (folder === 'actions') return { rank: rank('shared actions and methods'), folder };
	return { rank: rank('nodes') };
}

const LOW_LEVEL = new Set(['transport', 'parsing']);
/** The folders that may import transport/ and parsing/ (types included). */
const API_LAYER = new Set(['api', 'transport', 'parsing']);

function wrongWayEdges() {
	const found = [];
	for (const [from, imports] of allImports) {
		const a = partOf(from);
		for (const { target: to, typeOnly } of imports) {
			const b = partOf(to);
			const outsideApi = LOW_LEVEL.has(b.folder) && !API_LAYER.has(a.folder);
			const why = outsideApi
				? `${b.folder}/ imported outside the api layer`
				: typeOnly
					? undefined
					: b.rank > a.rank
						? `${LAYERS[a.rank]} → ${LAYERS[b.rank]} (upward)`
						: a.resource && b.resource && a.resource !== b.resource
							? "operation → another resource's files"
							: undefined;
			if (why) found.push({ why, from, to, outsideApi });
		}
	}
	return found;
}

/** Every function-like node with its line count. */
function functionsOf(file) {
	const source = sourceOf(file);
	const found = [];
	function nameOf(node) {
		if (node.name && ts.isIdentifier(node.name)) return node.name.text;
		if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
		const parent = node.parent;
		if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
			return parent.name.text;
		if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name))
			return parent.name.text;
		if (parent && ts.isCallExpression(parent)) {
			const callee = parent.expression.getText(source).slice(0, 30);
			const firstArg = parent.arguments[0];
			const label =
				firstArg && ts.isStringLiteralLike(firstArg) ? ` "${firstArg.text.slice(0, 40)}"` : '';
			return `(callback of ${callee}${label})`;
		}
		return '(anonymous)';
	}
	function visit(node) {
		if (
			ts.isFunctionDeclaration(node) ||
			ts.isMethodDeclaration(node) ||
			ts.isArrowFunction(node) ||
			ts.isFunctionExpression(node)
		) {
			const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
			const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
			found.push({ file, name: nameOf(node), start, lines: end - start + 1 });
		}
		ts.forEachChild(node, visit);
	}
	visit(source);
	return found;
}

function lineCount(file) {
	return fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').length;
}

function table(rows, columns) {
	return [
		`| ${columns.join(' | ')} |`,
		`|${columns.map(() => '---').join('|')}|`,
		...rows.map((r) => `| ${r.join(' | ')} |`),
	].join('\n');
}

function largest(files, count) {
	const functions = files
		.flatMap(functionsOf)
		.sort((a, b) => b.lines - a.lines)
		.slice(0, count);
	const sizes = files
		.map((f) => [f, lineCount(f)])
		.sort((a, b) => b[1] - a[1])
		.slice(0, count);
	return { functions, sizes };
}

const out = [];
const cycleList = cycles();
const wrong = wrongWayEdges();
const outside = wrong.filter((e) => e.outsideApi).length;
if (CHECK) {
	const broken = [
		...cycleList.map((c) => `an import cycle: ${c.join(' ⇄ ')}`),
		...wrong.map((e) => `${e.why}: ${e.from} imports ${e.to}`),
	];
	for (const line of broken) process.stderr.write(`${line}\n`);
	process.stdout.write(
		`Layers of the node code (CONTRIBUTING.md): ${cycleList.length} import cycles, ${wrong.length} imports the wrong way, ${outside} imports of transport/ or parsing/ outside api/\n`,
	);
	process.exit(broken.length > 0 ? 1 : 0);
}
out.push(`# Structure of ${ROOT}`, '');
out.push(
	`Node code: ${nodeFiles.length} files, ${nodeFiles.reduce((s, f) => s + lineCount(f), 0)} lines, ${edgeCount} import edges.`,
	'',
);
out.push(`## Import cycles: ${cycleList.length}`, '');
for (const c of cycleList) out.push(`- ${c.join(' ⇄ ')}`);
out.push(
	'',
	`Imports of transport/ or parsing/ outside the api layer (types included): ${outside}.`,
);
out.push('', `## Edges across layers the wrong way: ${wrong.length}`, '');
if (wrong.length > 0)
	out.push(
		table(
			wrong.map((e) => [e.why, e.from, e.to]),
			['Kind', 'From', 'To'],
		),
	);
for (const [label, files] of [
	['node code', nodeFiles],
	['tooling (scripts, e2e, bench, emulator)', toolingFiles],
]) {
	const { functions, sizes } = largest(files, 8);
	out.push('', `## Largest functions of the ${label}`, '');
	out.push(
		table(
			functions.map((f) => [String(f.lines), f.name, `${f.file}:${f.start}`]),
			['Lines', 'Function', 'Where'],
		),
	);
	out.push('', `## Largest files of the ${label}`, '');
	out.push(
		table(
			sizes.map(([f, n]) => [String(n), f]),
			['Lines', 'File'],
		),
	);
}
process.stdout.write(`${out.join('\n')}\n`);
