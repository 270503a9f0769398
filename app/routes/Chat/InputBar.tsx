import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { hasVisibleText, MESSAGE_MAX_LENGTH } from '@shared/chat';
import { afterScreenDrawn } from '../../components/afterScreen';
import { lazyModule, useLazyModule } from '../../components/lazyModule';
import { Icon } from '../../components/ui/Icon';
import { IconButton } from '../../components/ui/IconButton';
import type { ScreenshotAttachment } from '../../db/db';

export const FOCUS_DELAY_MS = 100;
/** Her message box's id (the upgrade nudge waits while she is in it: useTeaserUpgrade.ts). */
export const MESSAGE_BOX_ID = 'chat-message';
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;
/** `field-sizing: content` (chat.css): the box is as tall as its text with no script. */
const SIZES_ITSELF = typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content');

/** Shown only once she has attached a screenshot: fetched once the chat is drawn, no part of
 * its first load. */
const screenshotChip = lazyModule(() => import('./ScreenshotChip'));

interface InputBarProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  onImage: () => void;
  /** The screenshot that goes with her next message ('Use this text'), if any. */
  screenshot?: ScreenshotAttachment | null;
  onRemoveScreenshot?: () => void;
  /** Her message box itself, for the chat to give it focus. */
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * Her message box (spec §2): Enter sends, Shift+Enter adds a line, blank text never sends,
 * unless a screenshot is attached: that goes on its own as its text, as 'Use this text' once did.
 */
export function InputBar(props: InputBarProps) {
  const { value, onChange, onSend, onImage, screenshot, onRemoveScreenshot, ref } = props;
  const box = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => box.current!, []);
  const canSend = hasVisibleText(value) || Boolean(screenshot);
  const chip = useLazyModule(screenshotChip, { now: Boolean(screenshot), later: afterScreenDrawn });

  // Unless in the meantime her focus went into the messages (a Retry she tabbed to, the
  // message a search opened the chat at): that is where she is.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!document.activeElement?.closest('[role="log"]')) box.current?.focus();
    }, FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // The box grows with what she writes, up to its max-height (chat.css). Browsers that size a
  // field to its content do it themselves; elsewhere it is measured, but never while empty
  // (one line, as drawn): the chat's first draw forces no layout of the page.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || SIZES_ITSELF) return;
    element.style.height = 'auto';
    if (value !== '') element.style.height = `${element.scrollHeight}px`;
  }, [value]);

  function send() {
    if (canSend) onSend(value);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    send();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form className="input-bar" onSubmit={handleSubmit}>
      <IconButton label="Upload screenshot" className="input-bar__image" onClick={onImage}>
        <Icon
          stroke="fill"
          d="M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v9.6l3.3-3.3a1 1 0 0 1 1.4 0l2.3 2.3 3.3-3.3a1 1 0 0 1 1.4 0L19 13.6V6H5Zm4 3.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z"
        />
      </IconButton>
      <div className="input-bar__box">
        {screenshot && chip && (
          <chip.ScreenshotChip screenshot={screenshot} onRemove={() => onRemoveScreenshot?.()} />
        )}
        <label htmlFor={MESSAGE_BOX_ID} className="visually-hidden">
          Message your bestie
        </label>
        <textarea
          id={MESSAGE_BOX_ID}
          ref={box}
          rows={1}
          className="input-bar__text"
          placeholder="Message your bestie..."
          maxLength={MESSAGE_MAX_LENGTH}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={handleKeyDown}
          enterKeyHint="send"
          aria-describedby={value.length >= COUNTER_FROM ? 'chat-message-count' : undefined}
        />
        {value.length >= COUNTER_FROM && (
          <span id="chat-message-count" className="input-bar__count">
            {value.length}/{MESSAGE_MAX_LENGTH}
          </span>
        )}
      </div>
      <button type="submit" className="btn btn--primary input-bar__send" disabled={!canSend}>
        Spill
      </button>
    </form>
  );
}
