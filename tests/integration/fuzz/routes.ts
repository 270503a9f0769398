import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { ANALYSIS_TYPES } from '@shared/chat';
import { MEMORY_KINDS } from '@shared/memory';
import { PLAN_IDS } from '@shared/plans';
import { THEMES } from '@shared/theme';
import { AGE_RANGES } from '@shared/user';
import { anyJson, oddNumber, oddString } from './arbitraries';

/** Ids the seeded account really has, by kind, so id-taking routes sometimes hit real rows. */
export type IdKind = 'chat' | 'message' | 'image' | 'user' | 'session' | 'profileImage';

/** What the fuzzer knows of the signed-in account (and sometimes sends, right or wrong). */
export interface Known {
  email: () => string;
  password: () => string;
  ids: (kind: IdKind) => string[];
}

export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** As the router writes it, e.g. /api/chats/:id. */
  path: string;
  /** What its body is meant to be: JSON, a multipart form, raw bytes (a webhook), or nothing. */
  body: 'json' | 'multipart' | 'raw' | 'none';
  /** Which real ids each `:param` may take. */
  params?: Record<string, IdKind>;
  /** The query keys it reads, with values worth trying. */
  query?: Record<string, Arbitrary<string>>;
  /** Bodies close to valid, so validation passes now and then and the service runs. */
  shape?: (known: Known) => Arbitrary<unknown>;
}

/** The valid value most of the time, anything at all otherwise. */
const field = <T>(valid: Arbitrary<T>): Arbitrary<unknown> =>
  fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: anyJson });

/** An object of such fields, any of them missing, sometimes with an unknown key too. */
const shape = (fields: Record<string, Arbitrary<unknown>>): Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.record(fields, { requiredKeys: [] }), fc.string({ maxLength: 8 }), anyJson)
        .map(([object, key, value]) => ({ ...object, [key]: value })),
    },
  );

/** A day as a device reports help shown on it: mostly recent, sometimes no real date. */
const helpShownDay = fc.oneof(
  fc
    .integer({ min: -500, max: 2 })
    .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)),
  fc.constantFrom('2027-02-30', '2027-13-01', '27-01-01', ''),
);

/** A value read when the case is made (her account may have been replaced since). */
const now = <T>(read: () => T): Arbitrary<T> => fc.constant(0).map(read);

/** One of the account's real ids of a kind (or 'none' while it has none). */
export const realId = (known: Known, kind: IdKind): Arbitrary<string> =>
  fc.nat().map((n) => {
    const ids = known.ids(kind);
    return ids[n % Math.max(1, ids.length)] ?? 'none';
  });

const email = (known: Known) =>
  fc.oneof(
    now(known.email),
    fc.emailAddress(),
    fc.constantFrom(
      'A@B.CO',
      ' her@example.com ',
      'no-at-sign',
      '@',
      'a@b',
      `${'a'.repeat(300)}@x.io`,
    ),
  );
/**
 * A password: rarely one that passes validation, because each of those costs a real scrypt
 * hash (seconds on a small machine); too short, too long or not a string otherwise.
 */
const password = (known: Known) =>
  fc.oneof(
    {
      weight: 1,
      arbitrary: fc.oneof(now(known.password), fc.string({ minLength: 6, maxLength: 30 })),
    },
    {
      weight: 6,
      arbitrary: fc.oneof(
        fc.constant(''),
        fc.string({ minLength: 1025, maxLength: 1100 }),
        anyJson,
      ),
    },
  );
const uuidOr = (known: Known, kind: IdKind) =>
  fc.oneof(fc.uuid(), realId(known, kind), fc.constant('not-a-uuid'));
const messageText = fc.oneof(
  fc.string({ minLength: 1, maxLength: 200 }),
  fc.constantFrom('hi', '   ', '', 'I want to end it all', 'no'),
  fc.string({ minLength: 4000, maxLength: 6000 }),
);
const ocrFields = {
  isOCR: field(fc.boolean()),
  isEnhancedOCR: field(fc.boolean()),
  imageUrl: field(fc.oneof(fc.constant(null), fc.webUrl(), fc.constantFrom('/api/images/x'))),
  extractedText: field(fc.oneof(fc.constant(null), fc.string())),
  analysisType: field(fc.constantFrom(null, ...ANALYSIS_TYPES)),
  ocrAnalysis: field(
    fc.record({
      type: fc.string(),
      summary: fc.string(),
      keyPoints: fc.array(fc.string()),
      entities: fc.array(fc.string()),
      sentiment: fc.string(),
    }),
  ),
  ocrStructuredData: field(fc.oneof(fc.constant(null), fc.dictionary(fc.string(), anyJson))),
  ocrConfidence: field(fc.oneof(fc.constant(null), fc.double(), oddNumber)),
  isTeaser: field(fc.boolean()),
};
const createChatBody = (known: Known) =>
  shape({
    ...ocrFields,
    id: field(uuidOr(known, 'chat')),
    messageId: field(uuidOr(known, 'message')),
    message: field(messageText),
    personaId: field(fc.oneof(fc.integer({ min: 0, max: 6 }), oddNumber)),
    isEmptyChatCreation: field(fc.boolean()),
  });
const sendMessageBody = (known: Known) =>
  shape({ ...ocrFields, id: field(uuidOr(known, 'message')), message: field(messageText) });
const profileUpdate = (known: Known) =>
  shape({
    name: field(oddString),
    profileImage: field(
      fc.oneof(
        fc.constant(null),
        realId(known, 'profileImage').map((id) => `/api/user/profile-image/${id}`),
        fc.string(),
      ),
    ),
    metadata: field(
      shape({
        ageRange: field(fc.constantFrom(null, ...AGE_RANGES)),
        age: field(fc.constantFrom(null, ...AGE_RANGES)),
        location: field(oddString),
      }),
    ),
    theme: field(fc.constantFrom(...THEMES)),
  });
const memoryFields = shape({
  id: field(fc.uuid()),
  kind: field(fc.constantFrom(...MEMORY_KINDS)),
  subject: field(oddString),
  detail: field(oddString),
  date: field(fc.oneof(fc.constant(null), fc.constantFrom('2027-02-29', '2027-03-12', 'soon'))),
  personaId: field(fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 6 }), oddNumber)),
});
const mutation = (known: Known): Arbitrary<unknown> =>
  fc.oneof(
    shape({
      id: field(fc.uuid()),
      type: fc.constant('createChat'),
      chat: field(createChatBody(known)),
    }),
    shape({
      id: field(fc.uuid()),
      type: fc.constant('sendMessage'),
      chatId: field(uuidOr(known, 'chat')),
      message: field(sendMessageBody(known)),
    }),
    shape({
      id: field(fc.uuid()),
      type: fc.constant('deleteChat'),
      chatId: field(uuidOr(known, 'chat')),
    }),
    shape({
      id: field(fc.uuid()),
      type: fc.constant('renameChat'),
      chatId: field(uuidOr(known, 'chat')),
      title: field(oddString),
    }),
    shape({
      id: field(fc.uuid()),
      type: fc.constant('regenerateReply'),
      chatId: field(uuidOr(known, 'chat')),
      messageId: field(uuidOr(known, 'message')),
    }),
    shape({
      id: field(fc.uuid()),
      type: fc.constant('editMessage'),
      chatId: field(uuidOr(known, 'chat')),
      messageId: field(uuidOr(known, 'message')),
      message: field(messageText),
    }),
    shape({
      id: field(fc.uuid()),
      type: fc.constant('saveMemory'),
      memory: field(memoryFields),
    }),
    shape({ id: field(fc.uuid()), type: fc.constant('forgetMemory'), memoryId: field(fc.uuid()) }),
    shape({ id: field(fc.uuid()), type: fc.constant('forgetAllMemories') }),
    shape({
      id: field(fc.uuid()),
      type: fc.constant('updateProfile'),
      profile: field(profileUpdate(known)),
    }),
    shape({
      id: field(fc.uuid()),
      type: fc.constant('countHelpShown'),
      day: field(helpShownDay),
      count: field(fc.integer({ min: -1, max: 1001 })),
    }),
    shape({ id: field(fc.uuid()), type: field(fc.string()) }),
  );
const planId = field(fc.constantFrom(...PLAN_IDS));
const numberText = fc.oneof(
  fc.integer({ min: -5, max: 1000 }).map(String),
  fc.constantFrom('', '1e309', '-0', 'NaN', '0x10', '1.5', ' 3', '9007199254740993', 'Infinity'),
  fc.string({ maxLength: 5 }),
);

/**
 * Every route of the app, as the fuzzer sends to it. coverage.test.ts fails when the app has a
 * route this table does not list.
 */
export const FUZZ_ROUTES: FuzzRoute[] = [
  {
    method: 'POST',
    path: '/api/register',
    body: 'json',
    shape: (known) => shape({ email: field(email(known)), password: password(known) }),
  },
  {
    method: 'POST',
    path: '/api/login',
    body: 'json',
    shape: (known) => shape({ email: field(email(known)), password: password(known) }),
  },
  { method: 'POST', path: '/api/logout', body: 'json' },
  { method: 'GET', path: '/api/user', body: 'none' },
  {
    method: 'POST',
    path: '/api/forgot-password',
    body: 'json',
    shape: (known) => shape({ email: field(email(known)) }),
  },
  {
    method: 'POST',
    path: '/api/reset-password',
    body: 'json',
    shape: (known) =>
      shape({
        token: field(fc.oneof(fc.base64String(), fc.string({ maxLength: 600 }))),
        newPassword: password(known),
      }),
  },
  { method: 'GET', path: '/api/personas', body: 'none' },
  { method: 'GET', path: '/api/chats', body: 'none' },
  {
    method: 'GET',
    path: '/api/chats/:id',
    body: 'none',
    params: { id: 'chat' },
    // Paging (?before=&limit=) is coming to this route; its values are fuzzed already.
    query: { before: numberText, limit: numberText },
  },
  { method: 'POST', path: '/api/chats', body: 'json', shape: createChatBody },
  {
    method: 'POST',
    path: '/api/chats/:id/messages',
    body: 'json',
    params: { id: 'chat' },
    shape: sendMessageBody,
  },
  {
    method: 'GET',
    path: '/api/chats/:chatId/replies/:messageId',
    body: 'none',
    params: { chatId: 'chat', messageId: 'message' },
  },
  { method: 'DELETE', path: '/api/chats/:id', body: 'json', params: { id: 'chat' } },
  {
    method: 'POST',
    path: '/api/sync/push',
    body: 'json',
    shape: (known) =>
      shape({
        mutations: field(
          fc.oneof(
            fc.array(mutation(known), { maxLength: 4 }),
            fc.array(fc.constant({}), { minLength: 101, maxLength: 120 }),
          ),
        ),
      }),
  },
  // The live channel: it answers with a stream that stays open (world.ts reads its head only).
  { method: 'GET', path: '/api/sync/events', body: 'none' },
  {
    method: 'GET',
    path: '/api/sync/pull',
    body: 'none',
    query: { cursor: numberText, limit: numberText },
  },
  { method: 'GET', path: '/api/config', body: 'none' },
  {
    method: 'POST',
    path: '/api/guest-create-payment-intent',
    body: 'json',
    shape: () => shape({ planId, checkoutId: field(fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/)) }),
  },
  {
    method: 'POST',
    path: '/api/verify-payment',
    body: 'json',
    shape: () =>
      shape({
        paymentIntentId: field(fc.oneof(fc.stringMatching(/^pi_[A-Za-z0-9_]{1,30}$/), fc.string())),
        planId,
      }),
  },
  { method: 'GET', path: '/api/purchases', body: 'none' },
  {
    method: 'POST',
    path: '/api/purchases/claim',
    body: 'json',
    shape: () => shape({ token: field(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)) }),
  },
  { method: 'POST', path: '/api/stripe/webhook', body: 'raw' },
  {
    method: 'POST',
    path: '/api/test-payments/confirm',
    body: 'json',
    shape: (known) =>
      shape({
        clientSecret: field(
          fc.oneof(fc.stringMatching(/^pi_[a-z0-9]{1,20}_secret_[a-z0-9]{1,20}$/), fc.string()),
        ),
        email: field(email(known)),
        name: field(oddString),
        cardNumber: field(
          fc.constantFrom('4242424242424242', '4000000000000002', '4242 4242 4242 4242', '1'),
        ),
        expiry: field(fc.constantFrom('12/34', '01 / 20', '13/30', '12/2099', 'x')),
        cvc: field(fc.constantFrom('123', '', '12345678901')),
      }),
  },
  { method: 'POST', path: '/api/ocr', body: 'multipart' },
  { method: 'POST', path: '/api/ocr/enhanced', body: 'multipart' },
  {
    method: 'POST',
    path: '/api/ocr/upload',
    body: 'multipart',
    query: { ocr: fc.constantFrom('false', 'true', '', '0', 'FALSE') },
  },
  { method: 'GET', path: '/api/images/:id', body: 'none', params: { id: 'image' } },
  {
    method: 'PATCH',
    path: '/api/users/:id',
    body: 'json',
    params: { id: 'user' },
    shape: profileUpdate,
  },
  { method: 'POST', path: '/api/user/profile-image', body: 'multipart' },
  { method: 'DELETE', path: '/api/user/profile-image', body: 'json' },
  {
    method: 'GET',
    path: '/api/user/profile-image/:id',
    body: 'none',
    params: { id: 'profileImage' },
  },
  { method: 'GET', path: '/api/sessions', body: 'none' },
  { method: 'DELETE', path: '/api/sessions/:id', body: 'json', params: { id: 'session' } },
  { method: 'DELETE', path: '/api/sessions', body: 'json' },
  { method: 'GET', path: '/api/user/export', body: 'none' },
  {
    method: 'DELETE',
    path: '/api/user',
    body: 'json',
    shape: (known) =>
      shape({
        // Rarely her real password: deleting the account is a route too, and then she signs up again.
        password: password(known),
        confirm: field(fc.constantFrom('DELETE', 'delete', 'DELETE ', '')),
      }),
  },
  { method: 'GET', path: '/api/health', body: 'none' },
  {
    method: 'POST',
    path: '/api/safety/help-shown',
    body: 'json',
    shape: () =>
      shape({ day: field(helpShownDay), count: field(fc.integer({ min: -1, max: 1001 })) }),
  },
];

/** `GET /api/chats/:id`: how a route is named in test titles and in the coverage check. */
export const routeName = (route: { method: string; path: string }) =>
  `${route.method} ${route.path}`;
