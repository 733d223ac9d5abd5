-- Sign-in lines were named by their route; they are named by what the user did, as every other line is.
UPDATE "activity_logs" SET "action" = CASE "action"
  WHEN 'pre-auth' THEN 'code_requested'
  WHEN 'resend-otp' THEN 'code_resent'
  WHEN 'login' THEN 'signed_in'
  WHEN 'logout' THEN 'signed_out'
  WHEN 'users/reset-password' THEN 'reset_requested'
  WHEN 'users/check-password-reset-token' THEN 'reset_link_checked'
  WHEN 'users/reset-password-confirm' THEN 'password_reset'
END
WHERE "action" IN ('pre-auth', 'resend-otp', 'login', 'logout', 'users/reset-password',
  'users/check-password-reset-token', 'users/reset-password-confirm');
