import { useRef, useState } from 'react';
import { lazyModule, useLazyModule } from '../../components/lazyModule';
import './searchBox.css';

/** Search itself (the index, MiniSearch, the results): fetched when she goes to the field. */
const searchPanel = lazyModule(() => import('./SearchPanel'));

/**
 * The sidebar's search field, and the results in place of her chats once she types
 * (SearchPanel). What she types before search has loaded is kept: the panel reads the field.
 */
export function SearchBox({ onOpen }: { onOpen: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  const [used, setUsed] = useState(false);
  const panel = useLazyModule(searchPanel, { now: used });
  return (
    <>
      <div className="sidebar__search">
        <input
          ref={field}
          type="search"
          className="field__input"
          placeholder="Search chats"
          aria-label="Search your chats and memories"
          onFocus={() => setUsed(true)}
        />
      </div>
      {panel && <panel.SearchPanel field={field} onOpen={onOpen} />}
    </>
  );
}
