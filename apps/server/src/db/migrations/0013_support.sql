-- Support: feedback, member messages (messageV2), the chat rooms and live support.

-- A member's feedback: question type, text, stored images (keys of the blob storage), and the
-- operator's answer once given (status ANSWERED). The answer also reaches the member as a
-- personal message (support_messages.feedback_id).
CREATE TABLE support_feedback (
  id bigserial PRIMARY KEY,
  merchant text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL,
  type text NOT NULL CHECK (type IN ('deposit', 'withdraw', 'game', 'service', 'apply', 'other')),
  content text NOT NULL,
  image_keys jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'ANSWERED')),
  answer text,
  answered_by text,
  answered_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX support_feedback_member_idx ON support_feedback (merchant, member_id, id DESC);
CREATE INDEX support_feedback_status_idx ON support_feedback (merchant, status, id);

-- Messages: member_id set for a personal message, null for a broadcast to every member (one
-- row however many members). Read state lives per member in support_message_reads.
CREATE TABLE support_messages (
  id bigserial PRIMARY KEY,
  merchant text NOT NULL REFERENCES merchants (code),
  member_id bigint,
  title text NOT NULL,
  body text NOT NULL,
  feedback_id bigint REFERENCES support_feedback (id),
  sent_by text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX support_messages_member_idx ON support_messages (merchant, member_id, id DESC);

CREATE TABLE support_message_reads (
  message_id bigint NOT NULL REFERENCES support_messages (id),
  member_id bigint NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (message_id, member_id)
);
CREATE INDEX support_message_reads_member_idx ON support_message_reads (member_id, message_id);

-- Chat rooms: every post, kept; a deleted one keeps its row with deleted_at set.
CREATE TABLE chat_messages (
  id bigserial PRIMARY KEY,
  merchant text NOT NULL REFERENCES merchants (code),
  room text NOT NULL,
  member_id bigint NOT NULL,
  author text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  deleted_at timestamptz,
  deleted_by text
);
CREATE INDEX chat_messages_room_idx ON chat_messages (merchant, room, id DESC);

-- A member muted in the chat rooms until a time.
CREATE TABLE chat_mutes (
  merchant text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL,
  muted_until timestamptz NOT NULL,
  muted_by text NOT NULL,
  PRIMARY KEY (merchant, member_id)
);

-- Live support: one conversation per member with the operator.
CREATE TABLE support_chat_messages (
  id bigserial PRIMARY KEY,
  merchant text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL,
  sender text NOT NULL CHECK (sender IN ('MEMBER', 'OPERATOR')),
  actor text,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX support_chat_member_idx ON support_chat_messages (merchant, member_id, id DESC);
