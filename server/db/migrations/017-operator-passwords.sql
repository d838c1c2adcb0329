-- Operators made with a one-time password (the CLI, npm start, the console) must choose their own
-- before anything else; operators already made that way have not.
ALTER TABLE operators
  ADD COLUMN must_change_password boolean NOT NULL DEFAULT false,
  ADD COLUMN password_changed_at  timestamptz;
UPDATE operators SET must_change_password = true;
