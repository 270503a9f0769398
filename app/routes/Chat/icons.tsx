import { Icon } from '../../components/ui/Icon';

/**
 * The icons of the chat screen's first paint; each is decorative, the button carries the name.
 * Parts loaded later draw theirs with Icon.
 */
export { Icon };

export const PlusIcon = () => <Icon d="M12 5v14M5 12h14" />;
export const MenuIcon = () => <Icon d="M4 6h16M4 12h16M4 18h16" />;
export const GearIcon = () => (
  <Icon d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3 15.1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1A1.7 1.7 0 0 0 9 4.6V4a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5.9Z" />
);

export const ClockIcon = () => (
  <Icon size={14} d="M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0ZM12 7v5l3 2" />
);
/** Three dots: round ends of lines too short to see. */
export const MoreIcon = () => <Icon stroke={3.5} d="M5 12h.01M12 12h.01M19 12h.01" />;
