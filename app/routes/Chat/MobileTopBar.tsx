import { IconButton } from '../../components/ui/IconButton';
import { MenuIcon, PlusIcon } from './icons';

interface MobileTopBarProps {
  onMenu: () => void;
  onNewChat: () => void;
}

export function MobileTopBar({ onMenu, onNewChat }: MobileTopBarProps) {
  return (
    <div className="top-bar">
      <IconButton label="Open menu" onClick={onMenu}>
        <MenuIcon />
      </IconButton>
      <span className="top-bar__title">Besties</span>
      <IconButton label="New chat" onClick={onNewChat}>
        <PlusIcon />
      </IconButton>
    </div>
  );
}
