import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

/** An operation that runs once per input item and returns that item's records. */
interface ItemOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]>;
}

/**
 * An operation that takes all input items at once (import from items: N items in
 * ⌈N/batchSize⌉ requests). It pairs its output items and honours continueOnFail itself.
 */
export interface BatchOperation {
	description: INodeProperties[];
	executeAll(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]>;
}

/**
 * An operation whose every item is a write that must happen once (an email, a mailing): each
 * input item is first read into its request (`prepare`: every field checked, and what can be asked
 * of the account, such as whether its lists exist), for all items, before the first is sent. So a
 * typo in the 3rd of 4 items stops the run before anyone is emailed (with Continue On Fail, the bad
 * items fail alone and the others go). `sends` names what one item sends, for the error of a run
 * that stops part-way for another reason ("2 of 4 emails went out before it").
 */
export interface OnceOnlyItemOperation<Request = unknown> {
	description: INodeProperties[];
	sends: { one: string; many: string };
	prepare(this: IExecuteFunctions, itemIndex: number): Promise<Request>;
	execute(this: IExecuteFunctions, itemIndex: number, request: Request): Promise<IDataObject[]>;
}

export type Operation = ItemOperation | BatchOperation | OnceOnlyItemOperation;

export function isBatchOperation(op: Operation): op is BatchOperation {
	return 'executeAll' in op;
}

export function isOnceOnlyItemOperation(op: Operation): op is OnceOnlyItemOperation {
	return 'prepare' in op;
}

/**
 * One operation of a resource: its entry in the Operation dropdown (`name`, `value`, `description`,
 * and `action`, the nodes panel's words), what an AI model is told it does when the node is a tool
 * (`forModel`: what it needs, with formats, and what it returns; n8n appends " in Mad Mimi"), and
 * its fields and code (`run`).
 */
export interface OperationEntry<Value extends string = string> {
	name: string;
	value: Value;
	description: string;
	action: string;
	forModel: string;
	run: Operation;
}

/** A resource of the node: its name in the editor, its stored value and its operations. */
export interface Resource<Value extends string = string> {
	displayName: string;
	value: string;
	/** The operation a new node opens on: one of `operations`. */
	defaultOperation: Value;
	operations: ReadonlyArray<OperationEntry<Value>>;
}

/**
 * A resource, its default operation checked against its operations by the compiler. Everything
 * the node shows and runs of it (the Operation dropdown, the fields, the router, the tool's
 * descriptions) is made from this one list (resources.ts).
 */
export function defineResource<const Value extends string>(resource: {
	displayName: string;
	value: string;
	defaultOperation: NoInfer<Value>;
	operations: ReadonlyArray<OperationEntry<Value>>;
}): Resource<Value> {
	return resource;
}
