/**
 * The node panel (NDV) of the n8n editor as a user drives it: parameters filled in (text,
 * dropdowns, code, resource locators, collections), credentials chosen, input fields mapped by drag
 * and drop, the input and output panels read. The base of `Editor` (e2e/editor.mjs).
 */
import { EditorSession, escapeRegExp, exactText, tid } from './editor-session.mjs';

export class NodePanel extends EditorSession {
	/** The node panel (NDV) while it is open. */
	get ndv() {
		return this.page.locator(tid('ndv'));
	}

	async closeNdv() {
		await this.ndv.locator(tid('ndv-close-button')).click();
		await this.ndv.waitFor({ state: 'hidden' });
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
		await this.parameter(name).locator('.cm-content').first().click();
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
		// already an expression: its editor's text replaced
		if ((await this.parameter(name).locator('.cm-content').count()) > 0)
			await this.fillCode(name, value);
		else {
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

	/** A field of a collection ("Additional Fields", "Options") added from its "Add ..." dropdown. */
	async addCollectionField(addPlaceholder, field) {
		await this.ndv
			.locator(`${tid('collection-parameter-add')}:has(input[placeholder="${addPlaceholder}"])`)
			.click();
		await this.page.getByRole('option', { name: field, exact: true }).click();
	}

	/** A resource locator's mode, by its title ("From List", "Name", ...). */
	async setLocatorMode(name, mode) {
		await this.parameter(name).locator(tid('rlc-mode-selector')).click();
		await this.page.getByRole('option', { name: mode, exact: true }).click();
	}

	#locatorInput(name) {
		return this.parameter(name)
			.locator(`input${tid('rlc-input')}, ${tid('rlc-input')} input`)
			.first();
	}

	/** The value typed into a resource locator (in a mode with a text field). */
	async fillLocator(name, value) {
		const input = this.#locatorInput(name);
		await input.click();
		await input.fill(value);
		await this.blur();
		return await input.inputValue();
	}

	/**
	 * A resource locator in its "From List" mode: opens the dropdown, waits for the items loaded
	 * from the account, picks `item`. Returns the names the dropdown showed.
	 */
	async pickFromList(name, item) {
		const input = this.#locatorInput(name);
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
	 * The panel's "Execute step": the node run (after the nodes before it, when they have no data
	 * yet). Waits for n8n to accept the run; returns `{ executionId, label }` (the button's text).
	 * The run's end: `storedRun`, then the output panel.
	 */
	async executeStep() {
		await this.closeNotifications();
		const { label, body } = await this.clickToRun(
			this.ndv.locator(tid('node-execute-button')).first(),
			'step',
		);
		return { executionId: body.data?.executionId, label };
	}

	/**
	 * Clicks a button that runs the workflow (Execute step, Execute workflow) and waits for n8n's
	 * answer to the run request: `{ label, response, body }`; a refused run throws, naming `what`.
	 */
	async clickToRun(button, what) {
		const label = (await button.innerText()).replace(/\s+/g, ' ').trim();
		const started = this.page.waitForResponse(
			(r) => /\/rest\/workflows\/[^/]+\/run(\?|$)/.test(r.url()) && r.request().method() === 'POST',
		);
		await button.click();
		const response = await started;
		const body = await response.json().catch(() => ({}));
		if (!response.ok())
			throw new Error(
				`the ${what} was refused: HTTP ${response.status()} ${JSON.stringify(body).slice(0, 300)}`,
			);
		return { label, response, body };
	}

	/** The text of the notice in the panel's parameters that matches `pattern` (a notice parameter, shown as a box). */
	async panelNotice(pattern) {
		const notice = this.ndv.locator(tid('node-parameters')).getByText(pattern).first();
		await notice.waitFor({ state: 'visible' });
		return (await notice.innerText()).replace(/\s+/g, ' ').trim();
	}

	/** "Execute previous nodes" in the input panel: waits until the input panel shows `expectText`. */
	async executePreviousNodes(expectText) {
		await this.ndv.locator(tid('execute-previous-node')).click();
		await this.inputPanel().getByText(expectText).first().waitFor({ state: 'visible' });
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
	 * The output panel's table, after switching it to Table: `{ headers, rows, records }` (the cell
	 * texts; each row as an object, header → cell text).
	 */
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
		const cells = rows.map((row) => row.slice(0, headers.length));
		const records = cells.map((row) => Object.fromEntries(headers.map((h, i) => [h, row[i]])));
		return { headers, rows: cells, records };
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

	/**
	 * A line of the failed node's "Other info" under the error (n8n's `Item Index`, `Run Index`,
	 * ...), the section opened as a user opens it. Returns its value's text.
	 */
	async nodeErrorInfo(label) {
		const summary = this.outputPanel()
			.locator('summary')
			.filter({ hasText: /Other info/ })
			.first();
		const section = summary.locator('xpath=..');
		if ((await section.getAttribute('open')) === null) await summary.click();
		const name = section
			.locator('p')
			.filter({ hasText: exactText(label) })
			.first();
		await name.waitFor({ state: 'visible' });
		return (await name.locator('xpath=following-sibling::p[1]').innerText()).trim();
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
}
