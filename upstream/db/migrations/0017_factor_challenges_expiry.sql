-- Passkey challenges are purged once expired (each new one deletes those past their time): "Sign in
-- with a passkey" asks one without a sign-in, so the table must not grow with every anonymous request.
CREATE INDEX factor_challenges_expires_at ON factor_challenges (expires_at);
