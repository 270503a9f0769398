/**
 * The sidebar's parts that wait for its first paint: her chats' rows (or what stands in for
 * them), the question their delete buttons ask, and the search field, which loads search
 * itself when she goes to it.
 */
export { ChatListItem, EmptyHistory } from './ChatListItem';
export { DeleteChatDialog } from './DeleteChatDialog';
export { SearchBox } from './SearchBox';
