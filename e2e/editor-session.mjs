/**
 * The n8n editor in headless Chromium (Debian's `chromium`, driven by playwright-core; no
 * browser download), signed in as the owner: `EditorSession`, a signed-in page, the base of
 * `Editor` (e2e/editor.mjs), with n8n's own `data-test-id` selectors (`tid`). Requests that leave
 * 127.0.0.1 are blocked and reported.
 */
import { chromium } from 'playwright-core';

const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

const LOOPBACK = /^(https?|wss?):\/\/(127\.0\.0\.1|localhost)(:\d+)?\//;

/** A browser whose requests outside the loopback are aborted and listed in `external`. */
async function launch({ executablePath, timeoutMs }) {
	const browser = await chromium.launch({
		executablePath,
		headless: true,
		args: CHROMIUM_ARGS,
		timeout: timeoutMs,
	});
	const external = [];
	try {
		const context = await browser.newContext({
			viewport: { width: 1440, height: 900 },
			deviceScaleFactor: 1,
		});
		context.setDefaultTimeout(timeoutMs);
		await context.route(/.*/, (route) => {
			const url = route.request().url();
			if (LOOPBACK.test(url) || url.startsWith('data:') || url.startsWith('blob:'))
				return route.continue();
			external.push(url);
			return route.abort();
		});
		const page = await context.newPage();
		return { browser, context, page, external };
	} catch (error) {
		await browser.close();
		throw error;
	}
}

async function signIn(page, baseUrl, owner) {
	await page.goto(`${baseUrl}/signin`);
	await page
		.locator('input[name="emailOrLdapLoginId"], input[name="email"]')
		.first()
		.fill(owner.email);
	await page.locator('input[name="password"]').fill(owner.password);
	await page.getByRole('button', { name: /sign in/i }).click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

// ---------------------------------------------------------------------------------------------
// a signed-in session

export const tid = (id) => `[data-test-id="${id}"]`;
export const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const exactText = (text) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);

/**
 * One signed-in editor session: the page, the addresses it tried to reach outside the loopback,
 * the notifications closed and a picture taken. `open` makes one of the class it is called on.
 */
export class EditorSession {
	constructor({ browser, page, external, baseUrl }) {
		this.browser = browser;
		this.page = page;
		/** Addresses outside the loopback the page tried to reach (blocked). */
		this.external = external;
		this.baseUrl = baseUrl;
	}

	static async open({
		baseUrl,
		owner,
		chromium: executablePath = '/usr/bin/chromium',
		timeoutMs = 30000,
	}) {
		const session = await launch({ executablePath, timeoutMs });
		const editor = new this({ ...session, baseUrl });
		try {
			await signIn(session.page, baseUrl, owner);
		} catch (error) {
			await editor.close();
			throw error;
		}
		return editor;
	}

	async close() {
		await this.browser.close();
	}

	async closeNotifications() {
		const buttons = this.page.locator('.el-notification__closeBtn');
		for (let i = (await buttons.count()) - 1; i >= 0; i--)
			await buttons
				.nth(i)
				.click({ timeout: 2000 })
				.catch(() => {});
		await this.page
			.locator('.el-notification')
			.first()
			.waitFor({ state: 'hidden', timeout: 5000 })
			.catch(() => {});
	}

	/**
	 * A picture of the whole window after a short settle, notifications closed first (unless
	 * `keepPointer`: closing them moves the pointer, which would end a hover).
	 */
	async screenshot(file, { keepPointer = false } = {}) {
		if (!keepPointer) await this.closeNotifications();
		await this.page.waitForTimeout(400);
		await this.page.screenshot({ path: file });
	}
}
