import { Trans } from '@lingui/react/macro';
import { ApiError } from '../../services/api-error';

/** Why a link from a mail (verification, password reset) was refused, in the reader's words. */
export function LinkRefusal({ error }: { error: unknown }) {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'link_used') return <Trans>This link was already used. Ask for a new one.</Trans>;
  if (code === 'link_expired') return <Trans>This link has expired. Ask for a new one.</Trans>;
  if (code === 'link_invalid' || error === null || error === undefined) {
    return <Trans>This link is not valid. Ask for a new one.</Trans>;
  }
  return <Trans>Something went wrong. Please try again.</Trans>;
}
