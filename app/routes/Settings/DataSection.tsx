import { useState } from 'react';
import { saveBlob } from '../../components/download';
import { downloadExport } from '../../http/account';
import { failureOf, userMessageOf } from '../../http/client';
import { toast } from '../../state/useToastStore';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import './account.css';

/** 'Your data': take all of it with her, or erase it. */
export function DataSection() {
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      const { blob, fileName } = await downloadExport();
      saveBlob(blob, fileName);
    } catch (error) {
      toast({
        title: 'Download failed',
        description:
          failureOf(error).kind === 'offline'
            ? "You're offline. Connect to the internet to download your data."
            : userMessageOf(error, 'Your data could not be downloaded. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="card settings__section" aria-labelledby="data-title">
      <h2 id="data-title">Your data</h2>
      <p className="muted">
        One zip file with everything of yours: your profile and picture, every chat and message
        (also as documents you can read), your screenshots with their text and analyses, your
        purchases and your devices.
      </p>
      <div className="data-actions">
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={() => void download()}
          disabled={downloading}
          aria-busy={downloading || undefined}
        >
          {downloading ? 'Preparing your data...' : 'Download my data'}
        </button>
        <p className="muted data-actions__hint">
          To save one chat as a document, use 'Export as Markdown' in that chat's menu (⋯).
        </p>
        <DeleteAccountDialog />
      </div>
    </section>
  );
}
