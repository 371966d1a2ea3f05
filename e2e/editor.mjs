/**
 * The n8n editor in headless Chromium (Debian's `chromium`, driven by playwright-core; no
 * browser download). Requests that leave 127.0.0.1 are blocked and reported.
 *
 * - `editorScreenshot`: sign in as the owner, open a workflow, open a node's parameter panel,
 *   save a screenshot.
 * - `Editor`: the editor as a user drives it (new workflow, nodes added from the nodes panel,
 *   parameters filled in the node panel (NDV), input fields mapped by drag and drop, the workflow
 *   executed, the output panel read; a saved workflow opened, a trigger's "Fetch Test Event"), with
 *   n8n's own `data-test-id` selectors. Checked against n8n 2.41.1 and 2.8.4: both editors take the
 *   same steps.
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

/**
 * Returns `{ panelTexts, external }`: the parameter labels seen in the open panel, and the
 * addresses outside the loopback the page tried to reach (blocked).
 */
export async function editorScreenshot({
	baseUrl,
	owner,
	workflowId,
	nodeName,
	file,
	chromium: executablePath = '/usr/bin/chromium',
	timeoutMs = 60000,
}) {
	const { browser, page, external } = await launch({ executablePath, timeoutMs });
	try {
		await signIn(page, baseUrl, owner);

		await page.goto(`${baseUrl}/workflow/${workflowId}`);
		const node = page
			.locator(
				`[data-test-id="canvas-node"][data-node-name="${nodeName}"], [data-test-id="canvas-node"]:has-text("${nodeName}")`,
			)
			.first();
		await node.waitFor({ state: 'visible' });
		await dismissOverlays(page);
		await node.dblclick();
		const panel = page.locator('[data-test-id="ndv"], .ndv-wrapper').first();
		await panel.waitFor({ state: 'visible' });
		const parameters = panel.locator('[data-test-id="node-parameters"]').first();
		await parameters.waitFor({ state: 'visible' });
		// the dropdowns fill in (loadOptions): let the panel settle before the picture
		await page.waitForTimeout(1500);
		const panelTexts = (
			await parameters
				.locator('[data-test-id="parameter-input-label"], label, .n8n-input-label')
				.allInnerTexts()
		)
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
	for (const selector of [
		'[data-test-id="close-button"]',
		'.el-notification__closeBtn',
		'.el-message-box__headerbtn',
	]) {
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

// ---------------------------------------------------------------------------------------------
// the editor as a user drives it

const tid = (id) => `[data-test-id="${id}"]`;
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactText = (text) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);

/**
 * One signed-in editor session. Every step waits on what the editor shows (a panel, an item, a
 * notification); fixed delays are only short settles (before a picture, while a drag hovers).
 *
 *   const editor = await Editor.open({ baseUrl, owner, chromium });
 *   try { await editor.newWorkflow(); ... } finally { await editor.close(); }
 */
export class Editor {
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
		const editor = new Editor({ ...session, baseUrl });
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

	/** The node panel (NDV) while it is open. */
	get ndv() {
		return this.page.locator(tid('ndv'));
	}

	/** `/workflow/new`: an empty canvas with its "Add first step" button. Returns the workflow's ID once n8n gave one. */
	async newWorkflow() {
		await this.page.goto(`${this.baseUrl}/workflow/new`);
		await this.page.locator(tid('canvas-plus-button')).waitFor({ state: 'visible' });
		await this.closeNotifications();
		return this.workflowId();
	}

	/** The open workflow's ID from the address (n8n 2.x saves a new workflow at once: /workflow/<id>?new=true). */
	/** A saved workflow opened on the canvas (as from the list of workflows), zoomed to fit. */
	async openWorkflow(id) {
		await this.page.goto(`${this.baseUrl}/workflow/${id}`);
		await this.page.locator(tid('canvas-node')).first().waitFor({ state: 'visible' });
		await this.closeNotifications();
		await this.zoomToFit();
	}

	workflowId() {
		const match = /\/workflow\/([^/?#]+)/.exec(new URL(this.page.url()).pathname);
		return match && match[1] !== 'new' ? match[1] : undefined;
	}

	async nodeNames() {
		return await this.page
			.locator(tid('canvas-node'))
			.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-node-name')));
	}

	canvasNode(name) {
		return this.page.locator(`${tid('canvas-node')}[data-node-name="${name}"]`);
	}

	/** The first node, from the canvas' "Add first step" button. Returns the name n8n gave it. */
	async addFirstNode(search, item) {
		return await this.#addNode(
			() => this.page.locator(tid('canvas-plus-button')).click(),
			search,
			item,
		);
	}

	/**
	 * A node connected after `previous`, from the "+" at the end of its output. `action`: the
	 * action to pick in the node's list of actions (for nodes with resources and operations).
	 * Returns the name n8n gave the new node; its panel is open when the node has parameters.
	 */
	async addNodeAfter(previous, search, item, { action } = {}) {
		const plus = this.page
			.locator(
				`${tid('canvas-node-output-handle')}[data-node-name="${previous}"] ${tid('canvas-handle-plus')}`,
			)
			.first();
		return await this.#addNode(() => plus.click(), search, item, action);
	}

	async #addNode(openCreator, search, item, action) {
		const before = await this.nodeNames();
		await openCreator();
		await this.page.locator(tid('node-creator-search-bar')).fill(search);
		await this.page
			.locator(tid('node-creator-item-name'))
			.getByText(item, { exact: true })
			.first()
			.click();
		if (action)
			await this.page
				.locator(tid('item-iterator-item'))
				.filter({ hasText: exactText(action) })
				.first()
				.click();
		const deadline = Date.now() + 15000;
		for (;;) {
			const added = (await this.nodeNames()).filter((n) => !before.includes(n));
			if (added.length === 1) return added[0];
			if (Date.now() > deadline)
				throw new Error(`adding "${item}" gave ${added.length} new nodes on the canvas`);
			await this.page.waitForTimeout(200);
		}
	}

	/**
	 * The nodes panel opened from the "+" after a manual trigger on a new canvas, `search` typed and
	 * `item` clicked: the node's list of actions, as a newcomer meets it. Returns the texts of its
	 * entries in order; the panel stays open (Escape closes it).
	 */
	async showNodeActions(search, item) {
		await this.newWorkflow();
		const trigger = await this.addFirstNode('Manual', 'Manual Trigger');
		if (await this.ndv.isVisible()) await this.closeNdv();
		await this.page
			.locator(
				`${tid('canvas-node-output-handle')}[data-node-name="${trigger}"] ${tid('canvas-handle-plus')}`,
			)
			.first()
			.click();
		await this.page.locator(tid('node-creator-search-bar')).fill(search);
		await this.page
			.locator(tid('node-creator-item-name'))
			.getByText(item, { exact: true })
			.first()
			.click();
		const entries = this.page.locator(tid('item-iterator-item'));
		await entries.first().waitFor({ state: 'visible' });
		return (await entries.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
	}

	/** From the open node panel's credential dropdown, "Create new credential": its dialog open. */
	async openNewCredential() {
		await this.ndv.locator(tid('node-credentials-select')).click();
		await this.page
			.getByText(/Create new credential/i)
			.first()
			.click();
		await this.page.locator(tid('editCredential-modal')).waitFor({ state: 'visible' });
	}

	async openNode(name) {
		if (await this.ndv.isVisible()) await this.closeNdv();
		await this.zoomToFit();
		await this.canvasNode(name).dblclick();
		await this.ndv.waitFor({ state: 'visible' });
	}

	async closeNdv() {
		await this.ndv.locator(tid('ndv-close-button')).click();
		await this.ndv.waitFor({ state: 'hidden' });
	}

	async zoomToFit() {
		await this.page.locator(tid('zoom-to-fit')).click();
	}

	parameter(name) {
		return this.ndv.locator(tid(`parameter-input-${name}`));
	}

	/**
	 * Clicks somewhere neutral in the panel (its Parameters tab) until no expression preview is
	 * open: the preview under a focused expression covers the fields below it.
	 */
	async blur() {
		const preview = this.page.locator(tid('inline-expression-editor-output'));
		for (let attempt = 1; ; attempt++) {
			await this.ndv.locator(tid('tab-params')).click();
			const closed = await preview
				.first()
				.waitFor({ state: 'hidden', timeout: 2000 })
				.then(() => true)
				.catch(() => false);
			if (closed) return;
			if (attempt === 3) throw new Error('the expression preview stays open');
		}
	}

	/** A dropdown parameter set to `option` (the option's title). */
	async selectOption(name, option) {
		await this.parameter(name).click();
		await this.page.getByRole('option', { name: option }).first().click();
	}

	/** What a parameter shows: the text of its (expression or code) editor, else its input's value. */
	async parameterValue(name) {
		const input = this.parameter(name);
		const editor = input.locator('.cm-content');
		if ((await editor.count()) > 0) return (await editor.first().innerText()).trim();
		return await input.locator('input, textarea').first().inputValue();
	}

	/** The parameter's value once the editor shows one (a dropped or typed expression renders a moment later). */
	async settledValue(name, timeoutMs = 5000) {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const value = await this.parameterValue(name);
			if (value !== '' || Date.now() > deadline) return value;
			await this.page.waitForTimeout(100);
		}
	}

	/** A code or JSON parameter (CodeMirror): everything selected and replaced by `text`, as pasted. */
	async fillCode(name, text) {
		const editor = this.parameter(name).locator('.cm-content');
		await editor.click();
		await this.page.keyboard.press('ControlOrMeta+a');
		await this.page.keyboard.press('Delete');
		// inserted in one go as a paste is, so the editor adds no closing brackets or indentation
		await this.page.keyboard.insertText(text);
	}

	/**
	 * A text parameter typed in. A value with `{{ ... }}` turns the field into an expression, as it
	 * does when a user types it. Returns the value the field then shows.
	 */
	async fillText(name, value) {
		const expression = this.parameter(name).locator('.cm-content');
		if ((await expression.count()) > 0) {
			// already an expression: its editor's text replaced
			await expression.first().click();
			await this.page.keyboard.press('ControlOrMeta+a');
			await this.page.keyboard.press('Delete');
			await this.page.keyboard.insertText(value);
		} else {
			const input = this.parameter(name).locator('input, textarea').first();
			await input.click();
			await input.fill(value);
		}
		const shown = await this.settledValue(name);
		await this.blur();
		return shown;
	}

	/**
	 * Selects `name` in the credential dropdown unless it is selected already (n8n preselects one
	 * of the credentials of the node's type: with several, not necessarily this one). Returns
	 * `{ preselected, selected }`.
	 */
	async ensureCredential(name) {
		const select = this.ndv.locator(tid('node-credentials-select'));
		const input = select.locator('input').first();
		const preselected = await input.inputValue();
		if (preselected !== name) {
			await select.click();
			// an option shows the credential's name, then its type's
			await this.page
				.getByRole('option')
				.filter({ hasText: new RegExp(`^\\s*${escapeRegExp(name)}`) })
				.first()
				.click();
			await this.page.waitForFunction(
				([el, want]) => el.value === want,
				[await input.elementHandle(), name],
			);
		}
		return { preselected, selected: await input.inputValue() };
	}

	/** "Execute previous nodes" in the input panel: waits until the input panel shows `expectText`. */
	async executePreviousNodes(expectText) {
		await this.ndv.locator(tid('execute-previous-node')).click();
		await this.inputPanel().getByText(expectText).first().waitFor({ state: 'visible' });
	}

	inputPanel() {
		return this.ndv.locator(tid('ndv-input-panel'));
	}

	outputPanel() {
		return this.ndv.locator(tid('output-panel'));
	}

	/** The input or output panel's display: 'schema', 'table' or 'json'. */
	async display(panel, mode) {
		await (panel === 'input' ? this.inputPanel() : this.outputPanel())
			.locator(tid(`radio-button-${mode}`))
			.click();
	}

	/**
	 * Drags the column `column` from the input panel's table onto the parameter `name`, as a user
	 * maps a field. Returns the parameter's value after the drop.
	 */
	async mapInputColumn(column, name) {
		await this.display('input', 'table');
		const header = this.inputPanel()
			.locator('table th')
			.filter({ hasText: exactText(column) })
			.first();
		const target = this.parameter(name);
		const from = await header.boundingBox();
		const to = await target.boundingBox();
		if (!from || !to) throw new Error(`cannot drag "${column}" onto "${name}": not on screen`);
		await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
		await this.page.mouse.down();
		// n8n starts a drag after the pointer moved a little, and highlights the field it is over
		await this.page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 10, {
			steps: 5,
		});
		await this.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
		await this.page.waitForTimeout(200);
		await this.page.mouse.up();
		// the field takes the dropped expression and focuses it a moment later: then close its preview
		const value = await this.settledValue(name);
		await this.blur();
		return value;
	}

	/**
	 * A resource locator in its "From List" mode: opens the dropdown, waits for the items loaded
	 * from the account, picks `item`. Returns the names the dropdown showed.
	 */
	async pickFromList(name, item) {
		const input = this.parameter(name)
			.locator(`input${tid('rlc-input')}, ${tid('rlc-input')} input`)
			.first();
		const items = this.page.locator(tid('rlc-item'));
		await this.blur();
		await input.click();
		// the first click can be taken by a closing expression preview: click once more then
		const opened = await items
			.first()
			.waitFor({ state: 'visible', timeout: 5000 })
			.then(() => true)
			.catch(() => false);
		if (!opened) {
			await input.click();
			await items.first().waitFor({ state: 'visible' });
		}
		await items
			.filter({ hasText: exactText(item) })
			.first()
			.waitFor({ state: 'visible' });
		const shown = (await items.allInnerTexts()).map((t) => t.trim());
		await items
			.filter({ hasText: exactText(item) })
			.first()
			.click();
		await items.first().waitFor({ state: 'hidden' });
		return shown;
	}

	/** A resource locator's mode, by its title ("From List", "Name", ...). */
	async setLocatorMode(name, mode) {
		await this.parameter(name).locator(tid('rlc-mode-selector')).click();
		await this.page.getByRole('option', { name: mode, exact: true }).click();
	}

	/** The value typed into a resource locator (in a mode with a text field). */
	async fillLocator(name, value) {
		const input = this.parameter(name)
			.locator(`input${tid('rlc-input')}, ${tid('rlc-input')} input`)
			.first();
		await input.click();
		await input.fill(value);
		await this.blur();
		return await input.inputValue();
	}

	/** A field of a collection ("Additional Fields", "Options") added from its "Add ..." dropdown. */
	async addCollectionField(addPlaceholder, field) {
		await this.ndv
			.locator(`${tid('collection-parameter-add')}:has(input[placeholder="${addPlaceholder}"])`)
			.click();
		await this.page.getByRole('option', { name: field, exact: true }).click();
	}

	/**
	 * "Execute workflow" on the canvas: the big button itself, not a choice from its ▾ menu. Waits
	 * for n8n's notification of the run's end; returns `{ executionId, notice, label, trigger }`:
	 * the notification's text, the button's text ("Execute workflow", or "Execute workflow from
	 * <trigger>" when the workflow has several triggers) and the trigger the editor asked n8n to run
	 * from. When n8n waits for a webhook call instead of running, returns at once with
	 * `waitingForWebhook: true` (and no executionId).
	 */
	async executeWorkflow() {
		if (await this.ndv.isVisible()) await this.closeNdv();
		await this.closeNotifications();
		const button = this.page.locator(tid('execute-workflow-button'));
		const label = (await button.innerText()).replace(/\s+/g, ' ').trim();
		const started = this.page.waitForResponse(
			(r) => /\/rest\/workflows\/[^/]+\/run(\?|$)/.test(r.url()) && r.request().method() === 'POST',
		);
		await button.click();
		const response = await started;
		const body = await response.json().catch(() => ({}));
		if (!response.ok())
			throw new Error(
				`the run was refused: HTTP ${response.status()} ${JSON.stringify(body).slice(0, 300)}`,
			);
		let asked = {};
		try {
			asked = response.request().postDataJSON() ?? {};
		} catch {
			// not JSON: no trigger to report
		}
		const trigger = asked.triggerToStartFrom?.name;
		if (body.data?.waitingForWebhook)
			return { executionId: undefined, notice: '', label, trigger, waitingForWebhook: true };
		const notice = this.page
			.locator('.el-notification')
			.filter({ hasText: /executed successfully|Problem in node|failed/i })
			.first();
		await notice.waitFor({ state: 'visible', timeout: 60000 });
		return {
			executionId: body.data?.executionId,
			notice: (await notice.innerText()).trim(),
			label,
			trigger,
			waitingForWebhook: false,
		};
	}

	/**
	 * A trigger's "Fetch Test Event": its panel opened from the canvas, the button clicked, the
	 * output waited for. Returns `{ label, table }`: the button's text and the output table
	 * (`outputTable`).
	 */
	async fetchTestEvent(nodeName) {
		await this.openNode(nodeName);
		await this.closeNotifications();
		const button = this.ndv.locator(tid('trigger-execute-button'));
		const label = (await button.innerText()).replace(/\s+/g, ' ').trim();
		const started = this.page.waitForResponse(
			(r) => /\/rest\/workflows\/[^/]+\/run(\?|$)/.test(r.url()) && r.request().method() === 'POST',
		);
		await button.click();
		const response = await started;
		if (!response.ok())
			throw new Error(
				`the test event was refused: HTTP ${response.status()} ${(await response.text()).slice(0, 300)}`,
			);
		return { label, table: await this.outputTable() };
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

	/** The output panel's table: `{ headers, rows }` (cell texts), after switching it to Table. */
	async outputTable() {
		await this.display('output', 'table');
		const table = this.outputPanel().locator('table').first();
		await table.locator('tbody tr').first().waitFor({ state: 'visible' });
		const headers = (await table.locator('thead th').allInnerTexts())
			.map((t) => t.trim())
			.filter(Boolean);
		const rows = await table
			.locator('tbody tr')
			.evaluateAll((trs) =>
				trs
					.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim()))
					.filter((cells) => cells.some(Boolean)),
			);
		return { headers, rows: rows.map((cells) => cells.slice(0, headers.length)) };
	}

	/**
	 * Hovers the output table's row `index`: n8n highlights the input row the output item is
	 * paired with (`data-test-id="hovering-item"`). Returns that input row's cell texts.
	 */
	async pairedInputRow(index) {
		await this.display('input', 'table');
		await this.display('output', 'table');
		const hovered = this.outputPanel().locator('table tbody tr').nth(index);
		await hovered.locator('td').first().hover();
		// the hovered output row and its input row are marked together: wait for this row's mark,
		// so the input row read is not the one of a previous hover
		await this.page.waitForFunction(
			(row) => row.getAttribute('data-test-id') === 'hovering-item',
			await hovered.elementHandle(),
		);
		const row = this.inputPanel().locator(`tr${tid('hovering-item')}`);
		await row.waitFor({ state: 'visible' });
		return (await row.locator('td').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
	}

	/** The error the output panel shows for a failed node: `{ message, description }`. */
	async nodeError() {
		const message = this.outputPanel().locator(tid('node-error-message')).first();
		await message.waitFor({ state: 'visible' });
		const description = this.outputPanel().locator(tid('node-error-description')).first();
		return {
			message: (await message.innerText()).trim(),
			description: (await description.count()) > 0 ? (await description.innerText()).trim() : '',
		};
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
