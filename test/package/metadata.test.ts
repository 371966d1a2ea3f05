/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: reads the package's files from disk */
/**
 * What n8n's verification reads besides the code (docs/verification.md): the package's metadata
 * agrees with itself, the README has the sections n8n's template names, and the CHANGELOG has a
 * section for the version about to be published (publish.yml refuses a tag without one, too).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
	name: string;
	version: string;
	license: string;
	homepage: string;
	bugs: { url: string };
	repository: { type: string; url: string };
	scripts: Record<string, string>;
	publishConfig: Record<string, unknown>;
};

test('MIT licence, in package.json and in LICENSE', () => {
	expect(pkg.license).toBe('MIT');
	expect(read('LICENSE')).toMatch(/^MIT License\n/);
});

// the author's name and email: n8n-node lint's valid-author (npm run lint)
test('repository, homepage and issue tracker name one GitHub repository', () => {
	const repository = /^git\+https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\.git$/.exec(
		pkg.repository.url,
	)?.[1];
	expect(pkg.repository.type).toBe('git');
	expect(repository).toBeDefined();
	expect(pkg.homepage).toBe(`https://github.com/${repository}#readme`);
	expect(pkg.bugs.url).toBe(`https://github.com/${repository}/issues`);
	expect(repository?.endsWith(`/${pkg.name}`)).toBe(true);
});

test("CHANGELOG.md has a section for package.json's version", () => {
	const versions = [...read('CHANGELOG.md').matchAll(/^## \[(\d+\.\d+\.\d+[^\]]*)\]/gm)].map(
		(m) => m[1],
	);
	expect(versions[0]).toBe(pkg.version);
});

test("README.md has every section n8n's community node template names", () => {
	const sections = [...read('README.md').matchAll(/^## (.+)$/gm)].map((m) => m[1].trim());
	const template = [
		'Installation',
		'Operations',
		'Credentials',
		'Compatibility',
		'Usage',
		'Resources',
		'Version history',
	];
	expect(sections).toEqual(expect.arrayContaining(template));
});

test('publishing goes through the GitHub workflow, with npm provenance', () => {
	expect(pkg.publishConfig).toMatchObject({ provenance: true, access: 'public' });
	expect(pkg.scripts.prepublishOnly).toBe('n8n-node prerelease');
	const workflow = read('.github/workflows/publish.yml');
	expect(workflow).toMatch(/id-token: write/);
	expect(workflow).toMatch(/tags:\s*\n\s*- 'v\*\.\*\.\*'/);
	expect(workflow).toMatch(/"\$TAG" != "v\$version"/);
});
