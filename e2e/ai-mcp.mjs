/**
 * The AI suite's MCP check (e2e/ai.e2e.mjs): n8n's MCP Server Trigger with two Mad Mimi tools,
 * published, used by an MCP client.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { byteLength, toolName, toolNodes } from './ai-tools.mjs';
import { note, published, waitUntil } from './fixture.mjs';

const MCP_TOOLS = ['List members', 'Add subscriber'];

/** MCP Server Trigger (no authentication) with two Mad Mimi tools: served at `/mcp/<path>`. */
function mcpWorkflow({ name, mcpPath }) {
	const tools = toolNodes(MCP_TOOLS, 'MCP Server Trigger');
	return {
		name,
		nodes: [
			{
				id: randomUUID(),
				name: 'MCP Server Trigger',
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2.1,
				position: [240, 0],
				webhookId: randomUUID(),
				parameters: { authentication: 'none', path: mcpPath },
			},
			...tools.nodes,
		],
		connections: tools.connections,
		settings: { executionOrder: 'v1' },
	};
}

/** An MCP client connected to `url` over `transport`, once n8n serves the published trigger there. */
function connectedClient(url, transport) {
	return waitUntil(
		async () => {
			const client = new Client({ name: 'madmimi-e2e', version: '1.0.0' });
			try {
				await client.connect(
					transport === 'sse'
						? new SSEClientTransport(url)
						: new StreamableHTTPClientTransport(url),
				);
				return client;
			} catch (error) {
				// n8n 2.41 registers a published workflow's webhooks a moment after the activation
				// answers: until then, HTTP 404 (the SDK's errors of both transports carry the status)
				if (error?.code !== 404) throw error;
				await client.close();
				return undefined;
			}
		},
		60000,
		`the MCP server at ${url}`,
	);
}

/**
 * An MCP client of the official TypeScript SDK, over `transport` (Streamable HTTP or SSE: n8n
 * serves both on one path), lists the tools of a published MCP Server Trigger and adds `email`
 * through one.
 */
export async function mcpClientUsesTheTools(ctx, transport, email) {
	await ctx.emu.reset();
	const mcpPath = `mcp-${randomUUID().slice(0, 8)}`;
	await published(
		ctx,
		mcpWorkflow({ name: `E2E MCP: two Mad Mimi tools (${transport})`, mcpPath }),
		async () => {
			const client = await connectedClient(new URL(`${ctx.n8n.baseUrl}/mcp/${mcpPath}`), transport);
			try {
				const { tools } = await client.listTools();
				assert.deepEqual(
					tools.map((t) => t.name).sort(),
					MCP_TOOLS.map(toolName).sort(),
					'the two tools are listed',
				);
				for (const t of tools) {
					assert.ok(t.description?.trim(), `${t.name} has a description`);
					assert.equal(t.inputSchema?.type, 'object', `${t.name} has an input schema`);
					note(
						`MCP (${transport}) ${t.name}: "${t.description}", input schema ${byteLength(JSON.stringify(t.inputSchema))} B (${Object.keys(t.inputSchema.properties ?? {}).join(', ') || 'no properties'})`,
					);
				}
				const add = tools.find((t) => t.name === toolName('Add subscriber'));
				assert.deepEqual(Object.keys(add.inputSchema.properties).sort(), ['email', 'list']);
				const called = await client.callTool({
					name: add.name,
					arguments: { email, list: 'Newsletter' },
				});
				const text = called.content.map((c) => c.text ?? '').join('');
				assert.ok(!called.isError, `the call failed: ${text}`);
				assert.match(text, new RegExp(email.replace(/\./g, '\\.')));
			} finally {
				await client.close();
			}
			const state = await ctx.emu.state();
			assert.ok(
				state.lists.find((l) => l.name === 'Newsletter').members.includes(email),
				`${email} is on Newsletter`,
			);
		},
	);
}
