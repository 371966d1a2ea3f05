/**
 * What a reader of parsing/ throws when an answer cannot be read as the format its path promises
 * (an XML document, JSON, a list of addresses, a number, a one-word answer); the message says why.
 * Never shown as it is: the client's `read` (transport/) turns whatever a reader throws into the
 * NodeApiError the user sees, `unreadableAnswerError`.
 */
export class ParseError extends Error {}
