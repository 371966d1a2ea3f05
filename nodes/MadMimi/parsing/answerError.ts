/**
 * An answer that cannot be read as the format its path promises (an XML document, JSON, a list
 * of addresses, a number, a one-word answer); the message says why.
 */
export class AnswerError extends Error {}
