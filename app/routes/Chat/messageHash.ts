/** A chat's address opens it at one of its messages: `/chat/<chat id>#m-<message id>`. */
export const MESSAGE_HASH = '#m-';

export const messageHashOf = (messageId: string) => `${MESSAGE_HASH}${messageId}`;

/** The message a location's hash opens at, or null. */
export const messageIdOf = (hash: string): string | null =>
  hash.startsWith(MESSAGE_HASH) ? hash.slice(MESSAGE_HASH.length) : null;
