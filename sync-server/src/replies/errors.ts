import { REPLY_FAILED_MESSAGE } from '@shared/chat';
import { AppError } from '../http/errors';

/** The provider failed (timeout, 5xx, network, empty answer). The user message stays saved. */
export const replyFailed = () => new AppError(502, 'reply_failed', REPLY_FAILED_MESSAGE);

/** The client went away before the reply was done; nothing is stored for it. */
export class ReplyAborted extends Error {
  constructor() {
    super('The reply was abandoned: the client went away');
    this.name = 'ReplyAborted';
  }
}

/**
 * The server stopped while the reply was being written or waited for. Her message and its
 * job are kept: the reply is written after the restart and arrives through the pull.
 */
export const replyInterrupted = () =>
  new AppError(503, 'reply_interrupted', 'The server is restarting. The reply will follow.');
