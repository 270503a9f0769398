import * as m001 from './001-accounts';
import * as m002 from './002-chats';
import * as m003 from './003-password-resets';
import * as m004 from './004-sync';
import * as m005 from './005-reply-jobs';
import * as m006 from './006-payments';
import * as m007 from './007-images';
import * as m008 from './008-profile-sessions';
import * as m009 from './009-account-deletion';
import * as m010 from './010-storage-and-history';
import * as m011 from './011-running-jobs-index';
import * as m012 from './012-chat-risk';
import * as m013 from './013-referral-counts';
import * as m014 from './014-checkouts-and-claims';
import * as m015 from './015-reply-rewrites';
import * as m016 from './016-memories';
import * as m017 from './017-reply-memories';
import type { Up } from './statements';

/**
 * Every migration by its file's name, `NNN-name` (the number is its version in
 * schema_migrations). A new one is a new file, listed here; one merged is never edited.
 */
export const MIGRATION_FILES: Readonly<Record<string, { up: Up }>> = {
  '001-accounts': m001,
  '002-chats': m002,
  '003-password-resets': m003,
  '004-sync': m004,
  '005-reply-jobs': m005,
  '006-payments': m006,
  '007-images': m007,
  '008-profile-sessions': m008,
  '009-account-deletion': m009,
  '010-storage-and-history': m010,
  '011-running-jobs-index': m011,
  '012-chat-risk': m012,
  '013-referral-counts': m013,
  '014-checkouts-and-claims': m014,
  '015-reply-rewrites': m015,
  '016-memories': m016,
  '017-reply-memories': m017,
};
