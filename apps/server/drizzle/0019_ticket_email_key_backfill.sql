-- Hand-written data fix (issue 42): tickets made before email_key get it, by the rule of
-- src/modules/tickets/email-key.ts (lower case, `+tag` dropped, Gmail's dots dropped), so the
-- per-e-mail cap counts them at once rather than after they expire.
UPDATE "tickets" SET "email_key" = CASE
  WHEN split_part(lower(trim("email")), '@', 2) IN ('gmail.com', 'googlemail.com')
    THEN replace(regexp_replace(split_part(lower(trim("email")), '@', 1), '\+.*$', ''), '.', '') || '@gmail.com'
  ELSE regexp_replace(split_part(lower(trim("email")), '@', 1), '\+.*$', '') || '@' || split_part(lower(trim("email")), '@', 2)
END
WHERE "email_key" IS NULL;
