import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router-dom';
import type { Memory } from '@shared/memory';
import { Icon } from './icons';
import { memoriesOf } from '../../db/memories';

/** The memories last read for each reply's list, drawn at once when its row comes back. */
const lastRead = new Map<string, Memory[]>();

/**
 * Under a reply: which of her memories it drew on, each a link to it in "What your besties
 * remember", where she can change or forget it. Nothing once they are all forgotten.
 */
export function UsedMemories({ ids }: { ids: string[] }) {
  const key = ids.join();
  const memories = useLiveQuery(
    async () => {
      const found = await memoriesOf(ids);
      lastRead.set(key, found);
      return found;
    },
    [key],
    lastRead.get(key),
  );
  if (!memories?.length) return null;
  return (
    <p className="used-memories">
      <Icon size={16} d="M12 3a6 6 0 0 0-3.5 10.9V17h7v-3.1A6 6 0 0 0 12 3zM9.5 20h5" />
      <span>Remembered:</span>
      {memories.map((memory, index) => (
        <span key={memory.id}>
          <Link
            className="used-memories__link"
            to={`/settings#memory-${memory.id}`}
            aria-label={`Remembered: ${memory.subject}, ${memory.detail}`}
          >
            {memory.subject}
          </Link>
          {index < memories.length - 1 && ','}
        </span>
      ))}
    </p>
  );
}
