import { useState } from 'react';
import { usePwaStore } from './usePwaStore';
import './pwa.css';

/** 'New version available' with Reload: the outbox is flushed before the new version starts. */
export function UpdateBanner() {
  const applyUpdate = usePwaStore((state) => state.applyUpdate);
  const [busy, setBusy] = useState(false);
  if (!applyUpdate) return null;
  return (
    <div className="pwa-update" role="status">
      <span>New version available</span>
      <button
        type="button"
        className="btn btn--primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void applyUpdate();
        }}
      >
        Reload
      </button>
    </div>
  );
}
