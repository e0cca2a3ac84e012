import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Kyc } from '../../../common/contract';
import { AlertIcon } from '../../ui/icons';
import { Muted } from '../../ui/page';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

/** Above the form when the previous request was rejected: the admin's reason, if given. */
export function KycRejectedNotice({ previous }: { previous: Kyc }) {
  return (
    <Rejected role="status">
      <AlertIcon sizePx={20} />
      <div>
        <strong>
          <Trans>Your previous request was rejected.</Trans>
        </strong>
        {previous.reason && <p>{previous.reason}</p>}
        <Muted>
          <Trans>Please check your details and submit again.</Trans>
        </Muted>
      </div>
    </Rejected>
  );
}

const Rejected = styled.div`
  display: flex;
  gap: ${theme.space.md};
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.danger};

  > div {
    ${flexColumn(theme.space.xs)}
    color: ${theme.colors.text};
    overflow-wrap: anywhere;
  }
`;
