/**
 * The n8n editor as a user drives it: a new workflow, nodes added from the nodes panel, a saved
 * workflow opened, the workflow executed, a trigger's "Fetch Test Event"; the node panel's steps
 * come from `NodePanel` (e2e/editor-ndv.mjs), the session from `EditorSession`
 * (e2e/editor-session.mjs). With n8n's own `data-test-id` selectors; checked against n8n 2.41.1
 * and 2.8.4: both editors take the same steps.
 */
import assert from 'node:assert/strict';

import { CHROMIUM, OWNER, note, userWalk } from './fixture.mjs';
import { NodePanel } from './editor-ndv.mjs';
import { exactText, tid } from './editor-session.mjs';

/**
 * A signed-in editor for `use(editor, user)` (`user`: fixture.mjs's `userWalk(label)`), closed
 * after. Every request the page made outside this machine was blocked; none may have been made
 * but those `allowed` matches (`{ pattern, why }`, noted when seen). Returns `user`.
 */
export async function inTheEditor(ctx, label, use, allowed = []) {
	const user = userWalk(label, ctx.version);
	const editor = await Editor.open({ baseUrl: ctx.n8n.baseUrl, owner: OWNER, chromium: CHROMIUM });
	try {
		await use(editor, user);
		for (const { pattern, why } of allowed) {
			const seen = [...new Set(editor.external.filter((url) => pattern.test(url)))];
			if (seen.length > 0) note(`NOTE: n8n ${ctx.version}: ${why} (blocked): ${seen.join(', ')}`);
		}
		assert.deepEqual(
			editor.external.filter((url) => !allowed.some(({ pattern }) => pattern.test(url))),
			[],
			'the editor tried to reach addresses outside this machine',
		);
	} finally {
		await editor.close();
	}
	return user;
}

/**
 * One signed-in editor session. Every step waits on what the editor shows (a panel, an item, a
 * notification); fixed delays are only short settles (before a picture, while a drag hovers).
 *
 *   const editor = await Editor.open({ baseUrl, owner, chromium });
 *   try { await editor.newWorkflow(); ... } finally { await editor.close(); }
 */
class Editor extends NodePanel {
	/** `/workflow/new`: an empty canvas with its "Add first step" button. Returns the workflow's ID once n8n gave one. */
	async newWorkflow() {
		await this.page.goto(`${this.baseUrl}/workflow/new`);
		await this.page.locator(tid('canvas-plus-button')).waitFor({ state: 'visible' });
		await this.closeNotifications();
		return this.workflowId();
	}

	/** A saved workflow opened on the canvas (as from the list of workflows), zoomed to fit. */
	async openWorkflow(id) {
		await this.page.goto(`${this.baseUrl}/workflow/${id}`);
		await this.page.locator(tid('canvas-node')).first().waitFor({ state: 'visible' });
		await this.closeNotifications();
		await this.zoomToFit();
	}

	/** The open workflow's ID from the address (n8n 2.x saves a new workflow at once: /workflow/<id>?new=true). */
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

	async zoomToFit() {
		await this.page.locator(tid('zoom-to-fit')).click();
	}

	async openNode(name) {
		if (await this.ndv.isVisible()) await this.closeNdv();
		await this.zoomToFit();
		await this.canvasNode(name).dblclick();
		await this.ndv.waitFor({ state: 'visible' });
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
		return await this.#addNode(() => this.#plusAfter(previous).click(), search, item, action);
	}

	#plusAfter(node) {
		return this.page
			.locator(
				`${tid('canvas-node-output-handle')}[data-node-name="${node}"] ${tid('canvas-handle-plus')}`,
			)
			.first();
	}

	/** In the open nodes panel: `search` typed, `item` clicked. */
	async #pick(search, item) {
		await this.page.locator(tid('node-creator-search-bar')).fill(search);
		await this.page
			.locator(tid('node-creator-item-name'))
			.getByText(item, { exact: true })
			.first()
			.click();
	}

	async #addNode(openCreator, search, item, action) {
		const before = await this.nodeNames();
		await openCreator();
		await this.#pick(search, item);
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
		await this.#plusAfter(trigger).click();
		await this.#pick(search, item);
		const entries = this.page.locator(tid('item-iterator-item'));
		await entries.first().waitFor({ state: 'visible' });
		return (await entries.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
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
		const { label, response, body } = await this.clickToRun(
			this.page.locator(tid('execute-workflow-button')),
			'run',
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
		const { label } = await this.clickToRun(
			this.ndv.locator(tid('trigger-execute-button')),
			'test event',
		);
		return { label, table: await this.outputTable() };
	}

	/** The labels of the open node panel's parameters, once its dropdowns had a moment to fill in. */
	async parameterLabels() {
		const parameters = this.ndv.locator(tid('node-parameters')).first();
		await parameters.waitFor({ state: 'visible' });
		await this.page.waitForTimeout(1500);
		return (
			await parameters
				.locator(`${tid('parameter-input-label')}, label, .n8n-input-label`)
				.allInnerTexts()
		)
			.map((t) => t.trim().split('\n')[0].trim())
			.filter(Boolean);
	}
}
