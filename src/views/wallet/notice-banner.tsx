import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { Link } from 'wouter';
import { ChevronRightIcon } from '../../ui/icons';
import { BellIcon } from '../../ui/page-icons';
import { flexRow } from '../../ui/layout';
import { theme } from '../../ui/theme';

/** The admin's notice to the user, shown while `user.appNotice` has text. */
export function NoticeBanner({ notice }: { notice: string }) {
  return (
    <Banner href="/app/notice">
      <BellIcon sizePx={20} />
      <Body>
        <strong>
          <Trans>Important Notice</Trans>
        </strong>
        <span>{notice}</span>
      </Body>
      <ChevronRightIcon sizePx={18} />
    </Banner>
  );
}

const Banner = styled(Link)`
  ${flexRow(theme.space.md)}
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.warningSoft};
  border: 1px solid rgba(245, 176, 65, 0.3);
  color: ${theme.colors.text};

  > svg {
    flex: none;
    color: ${theme.colors.warning};
  }
`;

const Body = styled.span`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;
  font-size: ${theme.fontSizes.sm};

  strong {
    color: ${theme.colors.warning};
  }
  span {
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
`;
