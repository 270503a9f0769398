import type { Memory } from './memory';
import type { ChatMessage, ChatSummary } from './chat';
import type { PurchaseView } from './payments';
import type { PublicUser } from './user';

export type { DeleteAccountBody, ProfileForm, ProfileUpdate } from './account-schema';

/**
 * Her account's own controls: profile, picture, devices, export and deletion.
 * The API shapes and the spec's words (§5, §8) live here, for the app and the server alike;
 * the request schemas (zod) are in ./account-schema.
 */

export const NAME_MAX_LENGTH = 60;
export const LOCATION_MAX_LENGTH = 100;

export const profileMessages = {
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  locationTooLong: `Location must be at most ${LOCATION_MAX_LENGTH} characters`,
  ageRangeInvalid: 'Please choose an age range from the list',
  controlCharacters: 'Please use letters, numbers and punctuation only',
  saved: { title: 'Profile updated', description: 'Your profile has been successfully updated' },
  failed: { title: 'Error', description: 'Failed to update profile' },
} as const;

/** Profile picture rules (spec §5, §8, §9). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest picture accepted, in pixels (a decompression bomb is refused before decoding). */
export const PROFILE_IMAGE_MAX_PIXELS = 40_000_000;
/** The square thumbnail stored and served, in pixels per side. */
export const PROFILE_IMAGE_SIZE = 256;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PROFILE_IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp';
export const PROFILE_IMAGE_FIELD = 'profileImage';

export const profileImageMessages = {
  invalidType: {
    title: 'Invalid file type',
    description: 'Please upload a JPG, PNG, or WebP image.',
  },
  tooLarge: { title: 'File too large', description: 'Image size should be less than 5MB.' },
  tooManyPixels: 'That image is too big to use. Please pick a smaller one.',
  uploadFailed: {
    title: 'Upload failed',
    description: 'Failed to upload image. Please try again.',
  },
  uploaded: { title: 'Profile picture updated' },
  removeFailed: { title: 'Error removing image', description: 'Something went wrong' },
  removed: { title: 'Profile picture removed' },
} as const;

/** Answer of POST /api/user/profile-image. */
export interface ProfileImageAnswer {
  imageUrl: string;
  user: PublicUser;
}

/** One of her signed-in sessions (GET /api/sessions). */
export interface SessionView {
  /** A public id for this session (never the cookie's secret or its hash). */
  id: string;
  /** From the user agent, e.g. 'Chrome on Android', 'Safari on iPhone'; 'Unknown device'. */
  device: string;
  createdAt: string;
  lastSeenAt: string;
  /** The session this request came with. */
  current: boolean;
}

export interface SessionsAnswer {
  sessions: SessionView[];
}

/** Answer of DELETE /api/sessions (every session but this one). */
export interface EndSessionsAnswer {
  ended: number;
}

export const deleteAccountMessages = {
  passwordRequired: 'Password is required',
  confirmWord: 'Type DELETE to confirm',
  wrongPassword: 'That password is not right',
  deleted: {
    title: 'Account deleted',
    description: 'Everything of yours is gone. Take care, bestie.',
  },
  failed: {
    title: 'Could not delete your account',
    description: 'Something went wrong. Please try again.',
  },
} as const;

/** The answer (413) to a write that would take her past her storage quota. */
export const STORAGE_FULL_MESSAGE =
  "You've used all the storage on your account. Delete some chats or screenshots to make room.";
export const STORAGE_FULL_CODE = 'storage_full';

export const EXPORT_FORMAT = 'besties-export';
export const EXPORT_VERSION = 1;

/** GET /api/user/export: everything of hers, as the API shows it to her (teasers stay teasers). */
export interface UserExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  user: PublicUser;
  /** Every chat with every message, oldest first; screenshots' text and analyses are on them. */
  chats: Array<ChatSummary & { messages: ChatMessage[] }>;
  purchases: PurchaseView[];
  sessions: SessionView[];
  /** What her besties remember of her, oldest first, each with the message it came from. */
  memories: Memory[];
}

/** The export's file name for a given day, e.g. besties-export-2026-11-26.json. */
export const exportFileName = (date: Date, extension: 'json' | 'zip' = 'json') =>
  `besties-export-${date.toISOString().slice(0, 10)}.${extension}`;

/**
 * GET /api/user/export?format=zip: the complete export, one zip of
 *   README.md          what is inside, her picture, her chats, her screenshots never sent
 *   data.json          the JSON of GET /api/user/export, the same shape
 *   chats/NNNN-*.md    each chat as a readable document (teasers stay teasers)
 *   images/profile-picture.webp, images/screenshots/{id}.{png|webp}   her files, as stored
 * with the JSON route's sign-in and rate limit (they share one), never cached.
 */
export const EXPORT_PATH = '/api/user/export';
export const EXPORT_ZIP_PATH = `${EXPORT_PATH}?format=zip`;
export const EXPORT_ZIP_ENTRIES = {
  readme: 'README.md',
  data: 'data.json',
  chatsDir: 'chats',
  profilePicture: 'images/profile-picture.webp',
  screenshotsDir: 'images/screenshots',
} as const;
