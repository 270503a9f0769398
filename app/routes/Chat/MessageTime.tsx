import { messageTimeLabel } from './chatDate';

/** When a message was sent, under it once she taps it (MessageBubble's Timed). */
export function MessageTime({ timestamp }: { timestamp: string }) {
  return (
    <time className="message-time" dateTime={timestamp}>
      {messageTimeLabel(timestamp)}
    </time>
  );
}
