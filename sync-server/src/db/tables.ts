import type { Generated } from 'kysely';

/**
 * The database's tables as the queries see them (Kysely's types), the same on SQLite and
 * PostgreSQL. Times are milliseconds since the epoch; flags are 0 or 1. The migrations
 * (`migrations/`) make these tables; a column added there is added here.
 */
export interface Tables {
  schema_migrations: { version: number; name: string; applied_at: number };
  users: {
    id: string;
    email: string;
    password_hash: string;
    name: string | null;
    profile_image: string | null;
    age_range: string | null;
    location: string | null;
    created_at: number;
    updated_at: number;
    theme: string | null;
    storage_bytes: Generated<number>;
  };
  sessions: {
    id_hash: string;
    user_id: string;
    created_at: number;
    expires_at: number;
    public_id: string | null;
    user_agent: string | null;
    last_seen_at: number | null;
  };
  rate_limits: { bucket: string; key: string; window_start: number; count: number };
  user_change_seq: { user_id: string; seq: number };
  chats: {
    id: string;
    user_id: string;
    persona_id: number;
    title: Generated<string>;
    created_at: number;
    updated_at: number;
    deleted_at: number | null;
    change_seq: number;
    last_crisis_at: number | null;
  };
  messages: {
    id: string;
    chat_id: string;
    user_id: string;
    role: 'user' | 'assistant';
    content: string;
    is_crisis: Generated<number>;
    reply_to: string | null;
    is_ocr: Generated<number>;
    is_enhanced_ocr: Generated<number>;
    image_url: string | null;
    extracted_text: string | null;
    analysis_type: string | null;
    ocr_analysis: string | null;
    ocr_structured_data: string | null;
    ocr_confidence: number | null;
    created_at: number;
    change_seq: number;
    chat_seq: Generated<number>;
    reply_error: string | null;
    help_card: Generated<number>;
    care: Generated<number>;
    used_memories: string | null;
  };
  entitlements: {
    user_id: string;
    tier: 'free' | 'basic' | 'premium' | 'vip';
    expires_at: number | null;
    updated_at: number;
  };
  password_resets: {
    token_hash: string;
    user_id: string;
    created_at: number;
    expires_at: number;
    used_at: number | null;
  };
  processed_mutations: { user_id: string; mutation_id: string; result: string; created_at: number };
  reply_jobs: {
    message_id: string;
    user_id: string;
    chat_id: string;
    state: 'queued' | 'running' | 'done' | 'failed';
    attempts: Generated<number>;
    lease_until: number | null;
    created_at: number;
    updated_at: number;
    /** The stored reply this job writes again (she asked for a new one), else null. */
    replaces: Generated<string | null>;
  };
  memories: {
    id: string;
    user_id: string;
    kind: 'person' | 'place' | 'event' | 'like' | 'situation';
    subject: string;
    detail: string;
    date: string | null;
    persona_id: number | null;
    source_message_id: string | null;
    source_chat_id: string | null;
    created_at: number;
    updated_at: number;
    deleted_at: number | null;
    change_seq: number;
  };
  purchases: {
    id: string;
    payment_intent_id: string;
    provider: 'stripe' | 'test';
    plan_id: string;
    amount: number;
    currency: string;
    user_id: string | null;
    email: string | null;
    status: 'pending' | 'succeeded' | 'refunded' | 'disputed';
    created_at: number;
    updated_at: number;
    fulfilled_at: number | null;
    revoked_at: number | null;
    account_deleted_at: number | null;
    checkout_id: string | null;
  };
  payment_events: { id: string; type: string; received_at: number };
  presented_tiers: {
    user_id: string;
    tier: 'free' | 'basic' | 'premium' | 'vip';
    updated_at: number;
  };
  images: {
    id: string;
    user_id: string;
    format: 'png' | 'webp';
    bytes: number;
    width: number;
    height: number;
    created_at: number;
  };
  profile_image_files: { url: string; user_id: string; bytes: number; created_at: number };
  referral_counts: { day: string; kind: 'crisis_reply' | 'help_shown'; count: number };
  test_payment_intents: {
    id: string;
    client_secret: string;
    idempotency_key: string | null;
    amount: number;
    currency: string;
    metadata: string;
    status: 'requires_payment_method' | 'succeeded' | 'canceled';
    email: string | null;
    name: string | null;
    created_at: number;
    updated_at: number;
  };
  purchase_claims: {
    token_hash: string;
    purchase_id: string;
    created_at: number;
    expires_at: number;
    used_at: number | null;
    used_by: string | null;
  };
}
