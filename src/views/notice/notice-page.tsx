import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { BellIcon } from '../../ui/page-icons';
import { Card, EmptyState, Muted, Page } from '../../ui/page';
import { WithUser } from '../shared/with-user';
import { flexRow } from '../../ui/layout';
import { theme } from '../../ui/theme';

/** The greeting, the admin's notice (or none) and the last login date. */
export default function NoticePage() {
  const { i18n } = useLingui();
  return (
    <WithUser>
      {(user) => {
        const notice = user.appNotice?.trim();
        const fullName = user.fullName;
        const lastLoginDate = user.lastLoginDate;
        const lastLogin = lastLoginDate
          ? i18n.date(lastLoginDate, { dateStyle: 'medium', timeStyle: 'short' })
          : '';
        return (
          <Page>
            <Greeting>
              <Trans>Hello, {fullName}</Trans>
            </Greeting>
            {notice ? (
              <NoticeCard>
                <h3>
                  <BellIcon sizePx={20} />
                  <Trans>Important Notice</Trans>
                </h3>
                <NoticeText>{notice}</NoticeText>
              </NoticeCard>
            ) : (
              <EmptyState icon={<BellIcon sizePx={32} />} title={<Trans>No Current Notices</Trans>}>
                <Trans>
                  There are no updates or announcements at this time. Please check back later.
                </Trans>
              </EmptyState>
            )}
            {lastLoginDate && (
              <Muted>
                <Trans>
                  Last login: <time dateTime={lastLoginDate}>{lastLogin}</time>
                </Trans>
              </Muted>
            )}
          </Page>
        );
      }}
    </WithUser>
  );
}

const Greeting = styled.h2`
  font-size: ${theme.fontSizes.xl};
`;

const NoticeCard = styled(Card)`
  border-color: rgba(245, 176, 65, 0.35);

  h3 {
    ${flexRow(theme.space.sm)}
    color: ${theme.colors.warning};
    font-size: ${theme.fontSizes.md};
  }
`;

const NoticeText = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
`;
