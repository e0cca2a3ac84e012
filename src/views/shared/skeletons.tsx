import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { DetailList } from '../../ui/list';
import { Card, Page } from '../../ui/page';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

/**
 * Placeholders in the shape of what a screen shows once loaded (issue 8 §5): the same boxes
 * with the same heights, so nothing moves when the data arrives. Lines of text are
 * `SkeletonText` inside the element that will hold the text, so they take its line height.
 */

/**
 * A loading region: announced once as 'Loading...' (or `label`), its placeholders hidden
 * from readers.
 */
export function LoadingRegion({ children, label }: { children: ReactNode; label?: ReactNode }) {
  return (
    <Region role="status">
      <VisuallyHidden>{label ?? <Trans>Loading...</Trans>}</VisuallyHidden>
      {children}
    </Region>
  );
}

/** Laid out like its parent's column: the placeholders keep the gaps the content will have. */
const Region = styled.div`
  display: flex;
  flex-direction: column;
  gap: inherit;
`;

/** Widths of the placeholder lines, in `em`, varied so rows do not look like a grid. */
const LABEL_WIDTHS_EM = [6, 8, 5, 7, 9];
const VALUE_WIDTHS_EM = [7, 5, 9, 6, 8];

/** A `DetailList` (label and value rows) of `rows` rows. */
export function DetailListSkeleton({ rows }: { rows: number }) {
  return (
    <DetailList aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index}>
          <dt>
            <SkeletonText $widthEm={LABEL_WIDTHS_EM[index % LABEL_WIDTHS_EM.length]} />
          </dt>
          <dd>
            <SkeletonText $widthEm={VALUE_WIDTHS_EM[index % VALUE_WIDTHS_EM.length]} />
          </dd>
        </div>
      ))}
    </DetailList>
  );
}

/** A `TextField`: its label, the 48 px control and the message line under it. */
export function FieldSkeleton() {
  return (
    <Field aria-hidden="true">
      <FieldLabel>
        <SkeletonText $widthEm={7} />
      </FieldLabel>
      <Control />
      <FieldMessage />
    </Field>
  );
}

/** A full-width button. */
export const ButtonSkeleton = styled(Skeleton)`
  height: ${theme.sizes.touchPx + 4}px;
  border-radius: ${theme.radii.md};
`;

/** A form of `fields` text fields and its submit button. */
export function FormSkeleton({ fields }: { fields: number }) {
  return (
    <LoadingRegion>
      <FormBox>
        {Array.from({ length: fields }, (_, index) => (
          <FieldSkeleton key={index} />
        ))}
        <ButtonSkeleton />
      </FormBox>
    </LoadingRegion>
  );
}

/**
 * Generic content on its way: a card and a few label-value rows, for screens whose shape
 * depends on what arrives (a status view that may be a form, a notice or a list).
 */
export function ContentSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <LoadingRegion>
      <Card aria-hidden="true">
        <SkeletonText $widthEm={8} />
        <Skeleton $heightPx={28} $widthPx={160} />
      </Card>
      <DetailListSkeleton rows={rows} />
    </LoadingRegion>
  );
}

/** A whole screen of `ContentSkeleton`. */
export function PageSkeleton({ rows }: { rows?: number }) {
  return (
    <Page>
      <ContentSkeleton rows={rows} />
    </Page>
  );
}

const Field = styled.div`
  ${flexColumn(theme.space.xs)}
`;

const FieldLabel = styled.span`
  font-size: ${theme.fontSizes.sm};
`;

const Control = styled(Skeleton)`
  height: ${theme.sizes.touchPx + 4}px;
  border-radius: ${theme.radii.md};
`;

const FieldMessage = styled.span`
  min-height: 1.25rem;
`;

const FormBox = styled.div`
  ${flexColumn(theme.space.sm)}
`;
