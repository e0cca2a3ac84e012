import { Trans } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { useSession } from '../../machines/auth-session';
import { verifyEmail } from '../../services/account-api';
import { queryKeys } from '../../services/queries';
import { ButtonLink } from '../../ui/button';
import { ErrorMessage, Muted } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { AuthLayout } from './auth-layout';
import { LinkRefusal } from './link-refusal';

/**
 * The verification mail's link (`/verify-email?token=…`): confirms the address once, on
 * arrival, and says how it went, with the way onward (the wallet, or sign-in).
 */
export default function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const signedIn = useSession().role === 'user';
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });
  // Once per visit: a second call (React's development double effect) would use the link again.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const onward = signedIn ? (
    <ButtonLink to="/wallet" block>
      <Trans>Go to my wallet</Trans>
    </ButtonLink>
  ) : (
    <ButtonLink to="/signin" block>
      <Trans>Sign in</Trans>
    </ButtonLink>
  );

  if (verify.isSuccess) {
    return (
      <AuthLayout
        heading={<Trans>Email confirmed</Trans>}
        lead={<Trans>Thank you. Withdrawals and transfers are open to your account.</Trans>}
      >
        {onward}
      </AuthLayout>
    );
  }
  if (verify.isError || token === '') {
    return (
      <AuthLayout
        heading={<Trans>The email could not be confirmed</Trans>}
        lead={<Trans>Ask for a new link from your wallet, then open the newest mail.</Trans>}
      >
        <ErrorMessage>
          <LinkRefusal error={verify.error} />
        </ErrorMessage>
        {onward}
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      heading={<Trans>Confirming your email…</Trans>}
      lead={<Trans>This takes a moment.</Trans>}
    >
      <Muted>
        <Spinner sizePx={28} />
      </Muted>
    </AuthLayout>
  );
}
