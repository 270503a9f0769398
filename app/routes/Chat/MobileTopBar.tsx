import { MenuIcon, PlusIcon } from './icons';

interface MobileTopBarProps {
  onMenu: () => void;
  onNewChat: () => void;
}

export function MobileTopBar({ onMenu, onNewChat }: MobileTopBarProps) {
  return (
    <div className="top-bar">
      <button type="button" className="icon-button" aria-label="Open menu" onClick={onMenu}>
        <MenuIcon />
      </button>
      <span className="top-bar__title">Besties</span>
      <button type="button" className="icon-button" aria-label="New chat" onClick={onNewChat}>
        <PlusIcon />
      </button>
    </div>
  );
}
