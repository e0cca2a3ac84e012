import { Trans } from '@lingui/react/macro';
import { CHAT_WIDGET_PAGE_PATH } from '../../../common/contract';
import { USER_SESSION_TTL_MS } from '../../../common/rules';
import { useSiteSetting } from '../../services/queries';
import { ShieldCheckIcon } from '../../ui/icons';
import { ClockIcon, LockIcon, UserIcon } from '../../ui/page-icons';
import { List } from '../../ui/list';
import { Page } from '../../ui/page';
import { PRODUCT_NAME } from '../../ui/logo';
import { hasSupportLinks, SupportLinks } from '../shared/support-links';
import { ArticleSection, Bullets, Lead, TextLink } from '../shared/article';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Privacy Portal: what the app keeps about a user and why, for how long, and how to ask. */
export default function PrivacyPage() {
  const setting = useSiteSetting();
  const product = PRODUCT_NAME;
  const sessionDays = Math.round(USER_SESSION_TTL_MS / DAY_MS);
  return (
    <Page>
      <Lead>
        <Trans>
          This site runs {product} for its operator. Here is what it keeps about you and why, for
          how long, and how to get a copy or have it deleted.
        </Trans>
      </Lead>

      <ArticleSection
        id="privacy-kept"
        icon={<UserIcon sizePx={18} />}
        title={<Trans>What we keep and why</Trans>}
      >
        <Bullets>
          <li>
            <Trans>
              <strong>Your account:</strong> full name, username, email, phone number and Pay ID, to
              sign you in and to let other members send you funds. Your password is kept only as a
              one-way hash that nobody can read back.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Your wallet records:</strong> deposits, withdrawals, transfers, trades and
              every balance change, on a double-entry ledger, so that every balance can be checked
              and explained.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Your identity documents:</strong> the verification form, your ID images and
              face scan, to confirm who you are. Images are stripped of location and other hidden
              data and stored encrypted. Only you and the site&apos;s operators can see them,
              through links that expire after a few minutes, and every time an operator opens one it
              is recorded.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Security records:</strong> your sign-in sessions, your last sign-in time and
              failed sign-in attempts, to protect your account.
            </Trans>
          </li>
        </Bullets>
      </ArticleSection>

      <ArticleSection
        id="privacy-not-done"
        icon={<ShieldCheckIcon sizePx={18} />}
        title={<Trans>What we do not do</Trans>}
      >
        <p>
          <Trans>
            No advertising or tracking scripts, and your data is not sold. The only outside script
            is the live chat of the help page, when the operator has set one up: it loads on that
            page only.
          </Trans>
        </p>
      </ArticleSection>

      <ArticleSection
        id="privacy-how-long"
        icon={<ClockIcon sizePx={18} />}
        title={<Trans>How long we keep it</Trans>}
      >
        <p>
          <Trans>
            Sign-in sessions end after {sessionDays} days, or at once when you sign out or change
            your password. Uploads that are never used are deleted after 24 hours.
          </Trans>
        </p>
        <p>
          <Trans>
            Account, wallet and identity records are kept while your account is open, and after that
            only as long as the law that applies to the operator requires for financial records.
          </Trans>
        </p>
      </ArticleSection>

      <ArticleSection
        id="privacy-ask"
        icon={<LockIcon sizePx={18} />}
        title={<Trans>Your copy, or deletion</Trans>}
      >
        <p>
          <Trans>
            To get a copy of your data, correct it or have it deleted, ask support. Records the law
            requires the operator to keep, such as wallet records, are then kept for that purpose
            only.
          </Trans>
        </p>
        {hasSupportLinks(setting.data) ? (
          <List>
            <SupportLinks setting={setting.data} />
          </List>
        ) : (
          <p>
            <Trans>
              Reach support from the <TextLink href={CHAT_WIDGET_PAGE_PATH}>Help Center</TextLink>.
            </Trans>
          </p>
        )}
      </ArticleSection>
    </Page>
  );
}
