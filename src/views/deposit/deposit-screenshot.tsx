import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { captionedFigure } from '../../ui/page';
import { theme } from '../../ui/theme';

/**
 * The deposit's screenshot as a thumbnail that opens the full image. Its URL is a
 * short-lived signed link renewed by every poll: the thumbnail keeps the link it loaded
 * with, so it does not reload every 10 s, and takes the newest one only if that link fails.
 */
export function DepositScreenshot({ url }: { url: string | null }) {
  const { t } = useLingui();
  const [pinned, setPinned] = useState<string | null>(url);
  if (pinned === null && url !== null) setPinned(url);
  const src = pinned ?? url;
  if (!src) return null;
  return (
    <Figure>
      <figcaption>
        <Trans>Transaction screenshot</Trans>
      </figcaption>
      <a href={src} target="_blank" rel="noopener noreferrer">
        <Thumb
          src={src}
          alt={t`Transaction screenshot`}
          onError={() => {
            if (url && url !== pinned) setPinned(url);
          }}
        />
      </a>
    </Figure>
  );
}

const Figure = styled.figure`
  ${captionedFigure(theme.space.sm)}
  a {
    align-self: flex-start;
    border-radius: ${theme.radii.md};
  }
`;

const Thumb = styled.img`
  width: 120px;
  height: 120px;
  object-fit: cover;
  border-radius: ${theme.radii.md};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surfaceRaised};
`;
