/**
 * What the message list does beyond drawing its rows, loaded as it mounts (no part of the
 * chat's first load): telling a screen reader of new replies, and going to the message a search
 * result opened the chat at.
 */
export { ReplyAnnouncer } from './ReplyAnnouncer';
export { ScrollToMessage } from './ScrollToMessage';
