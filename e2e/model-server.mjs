/**
 * A scripted chat model for the AI checks (e2e/ai.e2e.mjs): an OpenAI-compatible Chat Completions
 * endpoint on 127.0.0.1 (`POST /v1/chat/completions`) for n8n's OpenAI Chat Model node, through an
 * OpenAI credential whose Base URL points here. Each request gets the next turn of a script (a
 * function of the request body: `callTool` or `answer`), so the AI Agent calls exactly the tools
 * the test wants; a turn that throws, or a request past the end, is answered HTTP 400, which n8n
 * shows as the node's error. Answered as one completion or, when the request says
 * `stream: true` (a trigger that streams), as Server-Sent Events. Every request body is kept in
 * `requests`, to read the tools offered (`offeredTools`) and the results sent back (`toolResults`).
 */
import { once } from 'node:events';
import http from 'node:http';

import { freePort } from '../scripts/lib/net.mjs';

/** The model name the answers carry (the chat model node may ask for any). */
const MODEL = 'scripted-model';

/** The tools a request offers the model: `[{ name, description, parameters }]` (`parameters`: the JSON schema). */
export function offeredTools(body) {
	return (body.tools ?? []).map((tool) => tool.function);
}

/**
 * The tool results a request sends back to the model, oldest first: `[{ name, content }]`, the
 * name read from the assistant message whose tool call the result answers.
 */
export function toolResults(body) {
	const names = new Map();
	for (const message of body.messages ?? [])
		for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
	return (body.messages ?? [])
		.filter((m) => m.role === 'tool')
		.map((m) => ({
			name: names.get(m.tool_call_id),
			content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content),
		}));
}

/** A turn that calls the first offered tool `pick` accepts (a predicate on `{ name, description, parameters }`) with `args`. */
export function callTool(pick, args) {
	return (body) => {
		const tools = offeredTools(body);
		const tool = tools.find(pick);
		if (!tool)
			throw new Error(
				`no offered tool fits ${pick} (offered: ${tools.map((t) => t.name).join(', ') || 'none'})`,
			);
		return { toolCalls: [{ name: tool.name, arguments: args }] };
	};
}

/** A turn that ends the run with `text` as the model's answer. */
export function answer(text) {
	return () => ({ text });
}

/** Starts the server on a free port: `{ baseUrl, requests, close() }`, `baseUrl` being what the credential's Base URL takes. */
export async function startModelServer({ script }) {
	const requests = [];
	const server = http.createServer((req, res) => {
		let raw = '';
		req.setEncoding('utf8');
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', () => {
			if (req.method !== 'POST' || !/^(\/v1)?\/chat\/completions$/.test(req.url))
				return sendJson(res, 404, {
					error: {
						message: `${req.method} ${req.url}: only POST /v1/chat/completions is scripted`,
					},
				});
			let body;
			try {
				body = JSON.parse(raw);
			} catch {
				return sendJson(res, 400, { error: { message: 'the body is not JSON' } });
			}
			requests.push({ path: req.url, body });
			const turn = requests.length;
			let reply;
			try {
				if (turn > script.length)
					throw new Error(`the script has ${script.length} turns, this is request ${turn}`);
				reply = script[turn - 1](body);
			} catch (error) {
				return sendJson(res, 400, {
					error: { message: `scripted model: ${error.message}`, type: 'invalid_request_error' },
				});
			}
			const message = assistantMessage(reply, turn);
			const finishReason = message.tool_calls ? 'tool_calls' : 'stop';
			if (body.stream)
				streamCompletion(res, message, finishReason, body.stream_options?.include_usage === true);
			else
				sendJson(res, 200, {
					...completionHead('chat.completion'),
					choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }],
					usage: USAGE,
				});
		});
	});
	const port = await freePort();
	server.listen(port, '127.0.0.1');
	await once(server, 'listening');
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		requests,
		close: async () => {
			server.closeAllConnections();
			server.close();
			await once(server, 'close');
		},
	};
}

/** Token counts are not what is tested; n8n records them, so they are there, small and fixed. */
const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

function completionHead(object) {
	return {
		id: `chatcmpl-scripted-${Date.now()}`,
		object,
		created: Math.floor(Date.now() / 1000),
		model: MODEL,
	};
}

/** The assistant message of a turn's reply, its tool calls given ids unique in the run. */
function assistantMessage(reply, turn) {
	if (reply.toolCalls) {
		return {
			role: 'assistant',
			content: null,
			tool_calls: reply.toolCalls.map((call, k) => ({
				id: `call_${turn}_${k + 1}`,
				type: 'function',
				function: { name: call.name, arguments: JSON.stringify(call.arguments) },
			})),
		};
	}
	return { role: 'assistant', content: reply.text };
}

function sendJson(res, status, value) {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(value));
}

/**
 * The message as OpenAI streams it: a chunk with the role and the content or the whole tool calls
 * (a real model spreads them over many chunks; one is as valid and keeps the script exact), a
 * chunk with the finish reason, the usage when asked for, then `[DONE]`.
 */
function streamCompletion(res, message, finishReason, withUsage) {
	res.writeHead(200, {
		'content-type': 'text/event-stream',
		'cache-control': 'no-cache',
		connection: 'keep-alive',
	});
	const head = completionHead('chat.completion.chunk');
	const send = (value) => res.write(`data: ${JSON.stringify(value)}\n\n`);
	const delta = message.tool_calls
		? {
				role: 'assistant',
				content: null,
				tool_calls: message.tool_calls.map((call, index) => ({ index, ...call })),
			}
		: { role: 'assistant', content: message.content };
	send({ ...head, choices: [{ index: 0, delta, finish_reason: null, logprobs: null }] });
	send({
		...head,
		choices: [{ index: 0, delta: {}, finish_reason: finishReason, logprobs: null }],
	});
	if (withUsage) send({ ...head, choices: [], usage: USAGE });
	res.end('data: [DONE]\n\n');
}
