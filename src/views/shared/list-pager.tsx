import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../ui/button';
import { Figure } from '../../ui/page';
import { theme } from '../../ui/theme';

/**
 * Previous and next under a paged list, 'Page x / y' between them; nothing with one page.
 * The steps are off while the next page loads (`busy`), so a double tap moves one page.
 */
export function ListPager({
  label,
  page: pageNumber,
  pages,
  busy,
  onPage,
}: {
  /** The navigation's name, e.g. 'Order pages'. */
  label: string;
  page: number;
  pages: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Pager aria-label={label}>
      <Button
        variant="secondary"
        disabled={pageNumber <= 1 || busy}
        onClick={() => onPage(Math.max(1, pageNumber - 1))}
      >
        <Trans>Previous</Trans>
      </Button>
      <Figure aria-live="polite">
        <Trans>
          Page {pageNumber} / {pages}
        </Trans>
      </Figure>
      <Button
        variant="secondary"
        disabled={pageNumber >= pages || busy}
        onClick={() => onPage(Math.min(pages, pageNumber + 1))}
      >
        <Trans>Next</Trans>
      </Button>
    </Pager>
  );
}

const Pager = styled.nav`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: ${theme.space.md};
  text-align: center;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;
