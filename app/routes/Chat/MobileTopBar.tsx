import { IconTooltip } from '../../components/ui/IconTooltip';
import { MenuIcon, PlusIcon } from './icons';

interface MobileTopBarProps {
  onMenu: () => void;
  onNewChat: () => void;
}

export function MobileTopBar({ onMenu, onNewChat }: MobileTopBarProps) {
  return (
    <div className="top-bar">
      <IconTooltip>
        <button type="button" className="icon-button" aria-label="Open menu" onClick={onMenu}>
          <MenuIcon />
        </button>
      </IconTooltip>
      <span className="top-bar__title">Besties</span>
      <IconTooltip>
        <button type="button" className="icon-button" aria-label="New chat" onClick={onNewChat}>
          <PlusIcon />
        </button>
      </IconTooltip>
    </div>
  );
}
