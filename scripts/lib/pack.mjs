/**
 * This package as its users get it: built, packed (`npm pack`), and installed from the tarball
 * into an n8n user folder the way n8n installs a community package.
 */
import fs from 'node:fs';
import path from 'node:path';

import { PACKAGE_NAME } from './constants.mjs';
import { run } from './processes.mjs';

/**
 * `npm run build` (unless `build` is false), then `npm pack` into `destination`. Returns the
 * tarball's path and npm's report of it (`files`: what the tarball holds).
 */
export async function buildAndPack(destination, { build = true, logFile } = {}) {
	if (build)
		await run('npm run build', 'npm', ['run', 'build'], { timeoutMs: 10 * 60000, logFile });
	fs.mkdirSync(destination, { recursive: true });
	const args = ['pack', '--json', '--pack-destination', destination];
	const { stdout } = await run('npm pack', 'npm', args, { timeoutMs: 5 * 60000, logFile });
	const report = parseNpmJson(stdout)[0];
	return { tarball: path.join(destination, report.filename), report };
}

/** Unpacks a tarball of `npm pack` into `dir` (what the tarball holds under `package/`). */
export async function unpack(tarball, dir) {
	fs.mkdirSync(dir, { recursive: true });
	const args = ['-xzf', tarball, '-C', dir, '--strip-components=1'];
	await run('tar', 'tar', args, { timeoutMs: 60000 });
}

/** npm's --json output (npm may print notices before it). */
function parseNpmJson(stdout) {
	const start = stdout.search(/^\s*[[{]/m);
	return JSON.parse(stdout.slice(start));
}

/**
 * Installs the packed package into `<userFolder>/.n8n/nodes` as n8n's own community-package
 * installer does (n8n 2.x, CommunityPackagesService.downloadPackage): the tarball unpacked into
 * `nodes/node_modules/<name>`, its dev/peer/optional dependencies removed from its package.json,
 * and the package recorded in `nodes/package.json`. Returns the package's folder.
 */
export async function installPackage(userFolder, tarball) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const packageDir = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	fs.rmSync(packageDir, { recursive: true, force: true });
	await unpack(tarball, packageDir);
	const manifestPath = path.join(packageDir, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...manifest } = JSON.parse(
		fs.readFileSync(manifestPath, 'utf8'),
	);
	fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
	const ledgerPath = path.join(nodesDir, 'package.json');
	let ledger = { name: 'installed-nodes', private: true, dependencies: {} };
	try {
		ledger = JSON.parse(fs.readFileSync(ledgerPath, 'utf8'));
	} catch {
		/* first package */
	}
	ledger.dependencies = { ...(ledger.dependencies ?? {}), [PACKAGE_NAME]: manifest.version };
	fs.writeFileSync(ledgerPath, JSON.stringify(ledger, null, 2));
	return packageDir;
}
