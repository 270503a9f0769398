import { useEffect, useRef } from 'react';
import { Icon } from '../../components/ui/Icon';
import { IconButton } from '../../components/ui/IconButton';
import type { ScreenshotAttachment } from '../../db/db';

/** Characters of the screenshot's text shown in the chip (CSS cuts it to one line). */
const PREVIEW_LENGTH = 120;

/**
 * The screenshot attached to her next message: a thumbnail and the start of its
 * text, above her message box, with a button that takes it off again.
 */
export function ScreenshotChip({
  screenshot,
  onRemove,
}: {
  screenshot: ScreenshotAttachment;
  onRemove: () => void;
}) {
  const thumbnail = useRef<HTMLImageElement>(null);
  // Made and let go here, not in render: StrictMode runs an effect twice, a render's URL once.
  useEffect(() => {
    const url = URL.createObjectURL(screenshot.image);
    if (thumbnail.current) thumbnail.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [screenshot.image]);
  const preview = screenshot.text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);
  return (
    <div className="screenshot-chip" role="group" aria-label="Screenshot attached">
      <img ref={thumbnail} className="screenshot-chip__thumb" alt="" />
      <span className="screenshot-chip__text">{preview}</span>
      <IconButton label="Remove screenshot" className="screenshot-chip__remove" onClick={onRemove}>
        <Icon
          size={18}
          stroke="fill"
          d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z"
        />
      </IconButton>
    </div>
  );
}
