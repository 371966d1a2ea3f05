/**
 * The n8n editor in headless Chromium (Debian's `chromium`, driven by playwright-core; no
 * browser download): sign in as the owner, open a workflow, open a node's parameter panel,
 * save a screenshot. Requests that leave 127.0.0.1 are blocked and reported.
 */
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/**
 * Returns `{ panelTexts, external }`: the parameter labels seen in the open panel, and the
 * addresses outside the loopback the page tried to reach (blocked).
 */
export async function editorScreenshot({ baseUrl, owner, workflowId, nodeName, file, chromium: executablePath = '/usr/bin/chromium', timeoutMs = 60000 }) {
	const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: timeoutMs });
	const external = [];
	try {
		const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
		context.setDefaultTimeout(timeoutMs);
		await context.route(/.*/, (route) => {
			const url = route.request().url();
			if (/^(https?|wss?):\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
			external.push(url);
			return route.abort();
		});
		const page = await context.newPage();

		await page.goto(`${baseUrl}/signin`);
		await page.locator('input[name="emailOrLdapLoginId"], input[name="email"]').first().fill(owner.email);
		await page.locator('input[name="password"]').fill(owner.password);
		await page.getByRole('button', { name: /sign in/i }).click();
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'));

		await page.goto(`${baseUrl}/workflow/${workflowId}`);
		const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"], [data-test-id="canvas-node"]:has-text("${nodeName}")`).first();
		await node.waitFor({ state: 'visible' });
		await dismissOverlays(page);
		await node.dblclick();
		const panel = page.locator('[data-test-id="ndv"], .ndv-wrapper').first();
		await panel.waitFor({ state: 'visible' });
		const parameters = panel.locator('[data-test-id="node-parameters"]').first();
		await parameters.waitFor({ state: 'visible' });
		// the dropdowns fill in (loadOptions): let the panel settle before the picture
		await page.waitForTimeout(1500);
		const panelTexts = (await parameters.locator('[data-test-id="parameter-input-label"], label, .n8n-input-label').allInnerTexts())
			.map((t) => t.trim().split('\n')[0].trim())
			.filter(Boolean);
		await page.screenshot({ path: file });
		return { panelTexts, external };
	} finally {
		await browser.close();
	}
}

/** Closes what n8n may pop up over the canvas on a first visit (tours, notices). */
async function dismissOverlays(page) {
	for (const selector of ['[data-test-id="close-button"]', '.el-notification__closeBtn', '.el-message-box__headerbtn']) {
		const buttons = page.locator(selector);
		const count = await buttons.count();
		for (let i = 0; i < count; i++) {
			await buttons
				.nth(i)
				.click({ timeout: 2000 })
				.catch(() => {});
		}
	}
	await page.keyboard.press('Escape').catch(() => {});
}
