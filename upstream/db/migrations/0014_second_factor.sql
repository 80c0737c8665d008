-- A second factor for every account (issue 26): authenticator secrets (sealed with FACTOR_KEY, never
-- in clear), recovery codes and device tokens (keyed hashes only), passkeys, the pending second
-- step, WebAuthn challenges (single use), the second step's own lockout and the organisation's policy.

CREATE TABLE factor_totp (
  user_id       integer PRIMARY KEY REFERENCES users(user_id),
  secret_sealed text NOT NULL,
  -- NULL while the enrolment waits for its first code; only a confirmed secret is a factor.
  confirmed_at  timestamp,
  created_at    timestamp NOT NULL,
  -- The last time step accepted: a code of this step or an earlier one is refused (replay).
  last_step     bigint NOT NULL DEFAULT 0
);

CREATE TABLE factor_recovery_codes (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(user_id),
  code_hash  text NOT NULL,
  created_at timestamp NOT NULL,
  used_at    timestamp,
  UNIQUE (user_id, code_hash)
);

CREATE TABLE factor_passkeys (
  id            serial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(user_id),
  credential_id text NOT NULL UNIQUE,
  public_key    text NOT NULL,
  counter       bigint NOT NULL DEFAULT 0,
  transports    text NOT NULL DEFAULT '',
  name          text NOT NULL,
  created_at    timestamp NOT NULL,
  last_used_at  timestamp
);
CREATE INDEX factor_passkeys_user ON factor_passkeys (user_id);

-- Between a right password and the second step: no session token exists yet.
CREATE TABLE factor_tickets (
  ticket_hash text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(user_id),
  created_at  timestamp NOT NULL,
  expires_at  timestamp NOT NULL,
  used_at     timestamp
);

-- WebAuthn challenges, each accepted once: a replayed assertion finds its challenge used.
CREATE TABLE factor_challenges (
  challenge  text PRIMARY KEY,
  purpose    text NOT NULL CHECK (purpose IN ('register', 'sign-in', 'second-step', 'step-up')),
  user_id    integer REFERENCES users(user_id),
  created_at timestamp NOT NULL,
  expires_at timestamp NOT NULL,
  used_at    timestamp
);

-- Trusted devices (skip the second step for 30 days) and remembered sign-ins (in place of the
-- password, one day, rotated on each use); both revocable, both revoked by a password change.
CREATE TABLE device_tokens (
  id           serial PRIMARY KEY,
  token_hash   text NOT NULL UNIQUE,
  user_id      integer NOT NULL REFERENCES users(user_id),
  kind         text NOT NULL CHECK (kind IN ('trusted', 'remember')),
  label        text NOT NULL DEFAULT '',
  created_at   timestamp NOT NULL,
  last_used_at timestamp,
  expires_at   timestamp NOT NULL,
  revoked_at   timestamp
);
CREATE INDEX device_tokens_user ON device_tokens (user_id, kind);

ALTER TABLE users ADD COLUMN factor_failures integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN factor_locked_until timestamp;

-- A session token of a user the policy requires a second factor of, issued before it has one:
-- only the set-up's calls (and sign-out, the forced password change) accept it, until the user
-- enrols (services, not only the portal, keep it confined).
ALTER TABLE tokens ADD COLUMN factor_setup boolean NOT NULL DEFAULT false;

CREATE TABLE factor_policies (
  type_no    text PRIMARY KEY,
  policy     text NOT NULL CHECK (policy IN ('none', 'approvers', 'all')),
  updated_at timestamp NOT NULL,
  updated_by integer REFERENCES users(user_id)
);
